// A worker thread's entry that runs a TypeScript module (workerData.entry, a file URL) through
// tsx: a worker does not inherit the main thread's `--import tsx`.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
