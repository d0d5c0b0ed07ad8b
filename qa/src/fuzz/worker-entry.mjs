// Entry of a fuzz worker thread: TypeScript sources through tsx (a worker does not inherit the
// parent's --import hooks on Node 20), then the worker itself.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
