/**
 * Which database to use, from DATABASE_URL: PostgreSQL for `postgres://` / `postgresql://`, SQLite for
 * `file:` or nothing at all (the embedded default, ./data/protokoll.db). Shared by the app, the Prisma
 * CLI config and the scripts, so all three agree. Plain module: no Next or Prisma imports.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

export type Provider = "sqlite" | "postgresql";

export interface DatabaseConfig {
  provider: Provider;
  url: string;
  /** SQLite only: the absolute path of the database file. */
  file?: string;
}

export const DEFAULT_SQLITE_FILE = "./data/protokoll.db";

export class DatabaseUrlError extends Error {
  constructor(url: string) {
    super(`DATABASE_URL must start with postgres://, postgresql:// or file: (got "${url.split(":")[0]}:…")`);
    this.name = "DatabaseUrlError";
  }
}

export function resolveDatabase(url: string | undefined = process.env.DATABASE_URL): DatabaseConfig {
  const value = url?.trim() || `file:${DEFAULT_SQLITE_FILE}`;
  if (/^postgres(ql)?:\/\//.test(value)) return { provider: "postgresql", url: value };
  if (value.startsWith("file:")) {
    const file = resolve(value.slice("file:".length));
    return { provider: "sqlite", url: `file:${file}`, file };
  }
  throw new DatabaseUrlError(value);
}

/** SQLite: the folder of the database file must exist before the first connection. */
export function ensureDatabaseFolder(config: DatabaseConfig): void {
  if (config.file) mkdirSync(dirname(config.file), { recursive: true });
}
