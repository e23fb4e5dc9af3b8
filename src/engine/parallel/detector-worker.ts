/**
 * Worker-thread entry: runs the built-in instruction-to-agent structure detector (the costliest) on the strings the engine sends and answers with the
 * matches. The detector has no configuration, so this copy finds exactly what the engine's own copy would.
 */
import { parentPort } from "node:worker_threads";
import { createStructureInjectionDetector } from "../detectors/injection/structure/structure-detector.js";
import type { TextMatch } from "../types.js";
import { packMatches, type WorkerReply, type WorkerRequest } from "./protocol.js";

const port = parentPort;
if (port === null) throw new Error("detector-worker.js runs only as a worker thread");
const detector = createStructureInjectionDetector();

port.on("message", (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const matches: TextMatch[][] = [];
    for (const text of request.texts) {
      const out: TextMatch[] = [];
      detector.detect(text, out);
      matches.push(out);
    }
    reply = { id: request.id, packed: packMatches(matches) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, "packed" in reply ? [reply.packed.spans.buffer] : []);
});
port.postMessage({ ready: true } satisfies WorkerReply);
