// How large a request body may be — one place for the server in front of Next (lib/server/front-guard.ts),
// Next's own limits (next.config.mjs) and the import (lib/transfer/limits.ts), so they agree. Plain JS:
// next.config.mjs reads it.
import { IMPORT_FILE_BYTES } from "../transfer/size.mjs";

/** The largest body any route or action but the import takes: a deal is a few hundred bytes, a form less. */
export const BODY_LIMIT = 256 * 1024;
export { IMPORT_FILE_BYTES };
/** The import's body: the file, sent as it is (multipart), with room for the form around it. */
export const IMPORT_BODY_LIMIT = IMPORT_FILE_BYTES + 64 * 1024;
