// Node flags for the production server, shared by `npm start` and the benchmarks so they measure what runs.
// A larger young generation: the live scoreboard's fan-out to thousands of open streams allocates many
// short-lived objects per change, and the default (16 MB) makes minor GCs run through it (bench:live).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];
