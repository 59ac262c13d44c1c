// Imported first by a bench's child process (bench/support/children.ts): the child ends when its IPC channel to
// the bench closes — the bench ended, however it ended.
if (process.channel) process.on("disconnect", () => process.exit(0));
