// Stand-in for the `server-only` marker package under vitest (see vitest.config.ts).
export {};
