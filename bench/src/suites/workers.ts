import type { Suite } from "../suite";
import { runWorkerBenches } from "./runtime-workers";

const suite: Suite = {
  name: "workers",
  description: "Navmesh find-path throughput: main thread vs 1 and 2 worker_threads workers (core's worker pool), batch sizes 1, 64, 256; message round trip",
  run: runWorkerBenches,
};
export default suite;
