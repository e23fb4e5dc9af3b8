/**
 * The phone, card and SSN detectors read their candidates in place: no substring, array or object per candidate
 * (s13: on 1 MB of the bench's prose they allocated 0.29, 0.31 and 0.11 MB a check; 0.04, 0.04 and 0.03 now). Held
 * here with V8's sampling heap profiler (collected objects included) over texts of thousands of candidates the
 * detectors reject: the bytes sampled per candidate, with a bound above what is left and far below what a
 * substring, an array or an object per candidate costs (main before the change: 250-650 bytes a candidate here).
 */
import { Session } from "node:inspector/promises";
import { describe, expect, it } from "vitest";
import { createPiiDetectors } from "../../src/engine/detectors/pii/index.js";
import { candidateIndex, passLiterals } from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";

const ANY = passLiterals(["zq"]);
const detectors = createPiiDetectors();
const byId = (id: string) => detectors.find((d) => d.id === id)!;

interface SampleNode {
  selfSize: number;
  children: SampleNode[];
}

function total(node: SampleNode): number {
  return node.children.reduce((sum, child) => sum + total(child), node.selfSize);
}

/** Bytes allocated (sampled estimate) while `run` runs; `run` is synchronous (the pass's index lives one task). */
async function sampled(session: Session, run: () => void): Promise<number> {
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as object);
  run();
  const { profile } = (await session.post("HeapProfiler.stopSampling")) as unknown as {
    profile: { head: SampleNode };
  };
  return total(profile.head);
}

/**
 * Bytes allocated (sampled estimate) while the shared pass and then `id` read a copy of `text` (as in a check): the
 * pass's lists and the profiler's own messages (about 25 kB together here) included.
 */
async function allocatedBy(id: string, text: string): Promise<number> {
  const detector = byId(id);
  // Warm: compiled and optimised (a first reading allocates the code's own feedback and optimised code), any
  // per-detector state made.
  for (let k = 0; k < WARM_READS; k++) {
    const copy = `${text}${"x".repeat(k + 3)}`;
    candidateIndex(copy).passHits(ANY);
    detector.detect(copy, []);
  }
  const session = new Session();
  session.connect();
  try {
    // Flat new strings, made before either window: nothing remembered of an earlier reading, nothing to flatten.
    const read = Buffer.from(`${text} `).toString("latin1");
    await sampled(session, () => {}); // the profiler's own first-use allocations, not counted
    const found: TextMatch[] = [];
    const bytes = await sampled(session, () => {
      candidateIndex(read).passHits(ANY);
      expect(candidateIndex(read).digitRuns()).toBeDefined(); // the detectors read the runs, not their regexes
      detector.detect(read, found);
    });
    expect(found).toEqual([]);
    return bytes;
  } finally {
    session.disconnect();
  }
}

const CANDIDATES = 4000;
const WARM_READS = 6;
/** The bound: about 8 bytes a candidate are read today (pass and profiler included); main read 250-650. */
const BYTES_PER_CANDIDATE = 20;
/** Prose around each candidate: the shared pass keeps a text's digit runs only below one run per 8 bytes. */
const FILLER = "and then we walked home along the river";

/** `count` sentences, each with `candidate(i)` in it. */
function sentences(candidate: (i: number) => string): string {
  return Array.from({ length: CANDIDATES }, (_, i) => `on ${candidate(i)} ${FILLER}`).join(". ");
}

/** Fifteen digits printed 5-5-5: a layout no card is printed in, read group by group all the same. */
function notACard(i: number): string {
  return String(100_000_000_000_000 + i * 7_919_000_013).replace(/(\d{5})(?!$)/g, "$1 ");
}

describe("PII detectors allocate nothing per candidate", () => {
  it("phone: dates, dotted quads and SSN shapes are rejected without a substring or an object each", async () => {
    const shapes = ["2015-12-22", "22/12/2015", "10.20.30.40", "123-45-6789"];
    const text = sentences((i) => shapes[i % 4]!);
    expect(await allocatedBy("pii.phone", text)).toBeLessThan(CANDIDATES * BYTES_PER_CANDIDATE);
  });

  it("credit card: grouped runs in no card's layout are read without arrays or a substring each", async () => {
    const text = sentences(notACard);
    expect(await allocatedBy("pii.credit_card", text)).toBeLessThan(CANDIDATES * BYTES_PER_CANDIDATE);
  });

  it("SSN: separated numbers with an invalid area are checked in place", async () => {
    const text = sentences((i) => `9${i % 10}1-22-3333`);
    expect(await allocatedBy("pii.us_ssn", text)).toBeLessThan(CANDIDATES * BYTES_PER_CANDIDATE);
  });
});
