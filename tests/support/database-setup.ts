// Points the data layer at this project's fresh database before any test file connects.
import { afterAll, inject } from "vitest";
import { disconnectDb } from "@/lib/db/client";

const url = inject("databaseUrl");
if (url) process.env.DATABASE_URL = url;

afterAll(async () => {
  await disconnectDb();
});
