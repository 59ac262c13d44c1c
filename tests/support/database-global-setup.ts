import type { TestProject } from "vitest/node";
import { freshPostgres, freshSqliteUrl, postgresAvailable, POSTGRES_HOW_TO } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    provider: "sqlite" | "postgresql";
    databaseUrl: string | null;
    skipReason: string | null;
  }
}

export default async function setup(project: TestProject) {
  const provider = project.config.provide?.provider as "sqlite" | "postgresql";
  if (provider === "sqlite") {
    project.provide("databaseUrl", freshSqliteUrl());
    project.provide("skipReason", null);
    return;
  }
  if (!(await postgresAvailable())) {
    if (process.env.CI === "true") throw new Error(`CI=true needs PostgreSQL. ${POSTGRES_HOW_TO}`);
    console.warn(`[integration-postgresql] skipped: ${POSTGRES_HOW_TO}`);
    project.provide("databaseUrl", null);
    project.provide("skipReason", POSTGRES_HOW_TO);
    return;
  }
  const { url, drop } = await freshPostgres();
  project.provide("databaseUrl", url);
  project.provide("skipReason", null);
  return drop;
}
