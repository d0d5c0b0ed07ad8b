import fc from "fast-check";

// Property tests run with a fixed seed so CI is reproducible: a failure seen once is seen again.
// Explore new cases locally with FC_SEED=random (or any number) and FC_RUNS=1000.
const seedEnv = process.env["FC_SEED"];
const seed = seedEnv === "random" ? Date.now() ^ (Math.random() * 0x100000000) : seedEnv ? Number(seedEnv) : 20261122;
const numRuns = process.env["FC_RUNS"] ? Number(process.env["FC_RUNS"]) : undefined;
fc.configureGlobal({ seed, ...(numRuns ? { numRuns } : {}) });
