import type { TextMatch } from "../types.js";

/** What the engine sends a detector worker: strings to scan, answered in order. */
export interface WorkerRequest {
  id: number;
  texts: string[];
}

/** What a detector worker answers: once `ready` after start-up, then one reply per request. */
export type WorkerReply =
  | { ready: true }
  | { id: number; matches: TextMatch[][] }
  | { id: number; error: string };
