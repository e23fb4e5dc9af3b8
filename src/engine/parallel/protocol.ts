import type { FindingKind } from "../../shared/vocabulary.js";
import { MatchColumns } from "../scan/match-columns.js";
import type { TextMatch } from "../types.js";

/** What the engine sends a detector worker: strings to scan, answered in order. */
export interface WorkerRequest {
  id: number;
  texts: string[];
}

/**
 * The matches of one request, packed: `spans` holds (start, end, label index) per match, text after text, and
 * `counts[i]` says how many belong to text i. A text full of injections has tens of thousands of matches; as
 * objects they took longer to copy between threads than to find (2 MB of one repeated phrase: 95 ms with the
 * worker against 48 ms without); one transferred Int32Array costs nothing to copy.
 */
export interface PackedMatches {
  counts: number[];
  spans: Int32Array<ArrayBuffer>;
  /** `[kind, type, ruleId]` of each label index. */
  labels: [FindingKind, string, string][];
}

/** What a detector worker answers: once `ready` after start-up, then one reply per request. */
export type WorkerReply =
  | { ready: true }
  | { id: number; packed: PackedMatches }
  | { id: number; error: string };

export function packMatches(perText: readonly (readonly TextMatch[])[]): PackedMatches {
  let total = 0;
  for (const matches of perText) total += matches.length;
  const spans = new Int32Array(total * 3);
  const labels: [FindingKind, string, string][] = [];
  const labelIndex = new Map<string, number>();
  let at = 0;
  for (const matches of perText) {
    for (const m of matches) {
      const key = `${m.kind}\u0000${m.type}\u0000${m.ruleId}`;
      let label = labelIndex.get(key);
      if (label === undefined) {
        label = labels.length;
        labels.push([m.kind, m.type, m.ruleId]);
        labelIndex.set(key, label);
      }
      spans[at++] = m.start;
      spans[at++] = m.end;
      spans[at++] = label;
    }
  }
  return { counts: perText.map((matches) => matches.length), spans, labels };
}

/** The matches of each text as typed columns, read straight from the packed spans (no object per match). */
export function unpackMatches(packed: PackedMatches): MatchColumns[] {
  const { counts, spans, labels } = packed;
  const perText: MatchColumns[] = [];
  let at = 0;
  for (const count of counts) {
    const matches = new MatchColumns();
    const index = labels.map(([kind, type, ruleId]) => matches.labelOf(kind, type, ruleId));
    for (let i = 0; i < count; i++) {
      const label = index[spans[at + 2]!];
      if (label === undefined) throw new RangeError(`packed match ${i} names no label`);
      matches.add(label, spans[at]!, spans[at + 1]!);
      at += 3;
    }
    perText.push(matches);
  }
  return perText;
}
