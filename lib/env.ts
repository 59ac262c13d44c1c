/**
 * Environment, validated once (docs/conventions.md 8). Every variable is optional: the embedded default runs with none.
 * See .env.example for what each one does.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^(postgres(ql)?:\/\/|file:)/.test(v), "must start with postgres://, postgresql:// or file:"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  AUTH_SECRET_FILE: z.string().optional(),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
});

export type Env = z.infer<typeof EnvSchema> & { AUTH_SECRET: string };

/**
 * The embedded default creates a secret once and keeps it in ./data/ (next to the database), so `npm start`
 * needs no configuration and sessions survive restarts.
 */
function keptSecret(file: string): string {
  const path = resolve(file);
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dirname(path), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(path, secret + "\n", { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    return readFileSync(path, "utf8").trim(); // another process wrote it first
  }
}

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment (see .env.example):\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  cached = {
    ...values,
    AUTH_SECRET: values.AUTH_SECRET ?? keptSecret(values.AUTH_SECRET_FILE ?? "./data/auth-secret"),
  };
  return cached;
}
