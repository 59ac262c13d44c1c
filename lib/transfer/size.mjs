// The largest file the import takes: the import's own limit (lib/transfer/limits.ts), which the request body limits
// are built on (lib/http/body-limits.mjs). Plain JS: next.config.mjs reads it through them.

/** The largest file the import takes. */
export const IMPORT_FILE_BYTES = 8 * 1024 * 1024;
