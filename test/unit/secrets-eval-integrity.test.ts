import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  EVAL_DIR,
  evalDataPresent,
  FROZEN_RECORDS,
  loadFrozenCases,
  loadFrozenOwnV2,
  loadFrozenOwnV3,
  OWN_V2_RECORD,
  OWN_V3_RECORD,
  readFrozenRecord,
  splitOwnLookalikesV2,
  splitOwnLookalikesV3,
} from "../../bench/secrets-eval/integrity.js";

// The labelled cases come from other projects' fixtures and are not committed (bench/secrets-eval/README.md says
// how to rebuild them); where they are absent (a clean clone, CI) this file is skipped with a message.
const present = evalDataPresent();
if (!present)
  console.warn("secrets-eval: labelled cases not on this machine; the integrity checks are skipped");

describe.skipIf(!present).each(FROZEN_RECORDS)("secret evaluation: the frozen part of %s", (recordFile) => {
  it("hashes to the sha256 frozen in its record and quoted in the README", () => {
    const record = readFrozenRecord(undefined, recordFile);
    expect(loadFrozenCases(undefined, recordFile).length).toBe(record.cases);
    expect(readFileSync(join(EVAL_DIR, "README.md"), "utf8")).toContain(record.sha256);
  });

  it("every case is labelled, and a span lies inside its text", () => {
    for (const c of loadFrozenCases(undefined, recordFile)) {
      expect(["secret", "lookalike"]).toContain(c.label);
      if (c.span !== undefined) expect(c.span[1]).toBeLessThanOrEqual(c.text.length);
    }
  });
});

// The second own look-alike set is built from this repository's code: it needs no data folder.
describe("secret evaluation: the frozen half of the second own look-alike set", () => {
  it("hashes to the sha256 recorded in frozen-own-v2.json and quoted in the README", () => {
    const record = JSON.parse(readFileSync(join(EVAL_DIR, OWN_V2_RECORD), "utf8")) as { sha256: string };
    expect(loadFrozenOwnV2().length).toBeGreaterThan(40);
    expect(readFileSync(join(EVAL_DIR, "README.md"), "utf8")).toContain(record.sha256);
  });

  it("splits every case to one side, and every case is a look-alike", () => {
    const { frozen, tune } = splitOwnLookalikesV2();
    expect(new Set([...frozen, ...tune].map((c) => c.id)).size).toBe(frozen.length + tune.length);
    for (const c of [...frozen, ...tune]) expect(c.label).toBe("lookalike");
  });
});

// The third (session 9), likewise.
describe("secret evaluation: the frozen half of the third own look-alike set", () => {
  it("hashes to the sha256 recorded in frozen-own-v3.json and quoted in the README", () => {
    const record = JSON.parse(readFileSync(join(EVAL_DIR, OWN_V3_RECORD), "utf8")) as { sha256: string };
    expect(loadFrozenOwnV3().length).toBeGreaterThan(40);
    expect(readFileSync(join(EVAL_DIR, "README.md"), "utf8")).toContain(record.sha256);
  });

  it("splits every case to one side, and every case is a look-alike", () => {
    const { frozen, tune } = splitOwnLookalikesV3();
    expect(new Set([...frozen, ...tune].map((c) => c.id)).size).toBe(frozen.length + tune.length);
    for (const c of [...frozen, ...tune]) expect(c.label).toBe("lookalike");
  });
});
