// The bench's worker_threads worker: registers tsx for this thread, then serves navmesh path batches
// (and a no-op handler for the per-message overhead) from the packages' TypeScript source.
import { register } from "tsx/esm/api";

register();
const { parentPort } = await import("node:worker_threads");
const { endpointFromNodeWorker, serveWorker } = await import("@tactica/core");
const { navMeshWorkerHandlers, navMeshWorkerResources } = await import("@tactica/navmesh");
serveWorker(endpointFromNodeWorker(parentPort), { ...navMeshWorkerHandlers(), noop: (p) => p }, { resources: navMeshWorkerResources() });
parentPort.postMessage("ready");
