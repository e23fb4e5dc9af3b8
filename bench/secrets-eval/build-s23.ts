/**
 * Builds the session-23 tune part of the secret evaluation from a scanner no earlier part used (see README.md for
 * the source, its licence and commit):
 *
 *   npx tsx bench/secrets-eval/build-s23.ts <sarif-pattern-matcher git dir>
 *
 * - microsoft/sarif-pattern-matcher (MIT), the end-to-end test of its plaintext-secret rules (SEC101): every input
 *   under `src/Plugins/Tests.Security/TestData/SecurePlaintextSecrets/Inputs/` with the SARIF log its test asserts
 *   (`ExpectedOutputs/<same name>.sarif`). Each expected result is a secret: its text is the paragraph (lines up to a
 *   blank line) holding the result's region, its span the region. The look-alikes are what the rule authors wrote as
 *   negatives beside the positives: a paragraph headed by a comment that says so (`should not be matched`, `should
 *   not get caught`, `invalid`, `malformed`, `fails validation`) holding no expected result. The two inputs the test
 *   skips (`SEC101_036`, `SEC101_037`: their logs are not asserted) are not taken.
 *
 * Decided on the text before any detector ran: annotation comment lines (`# ...`, `// ...`) removed from every
 * text; stand-ins (`isStandIn` on the result's value, or on the text for a look-alike) and values under 4 characters
 * dropped; texts labelled both ways or repeated dropped; a case whose text equals an earlier case's, or that shares a
 * 16+ character token with any earlier case (every earlier part, frozen ones included) or with a case of another
 * rule, dropped. One group per input file (one rule); every case is tune.
 * Output: `tune-s23.json` in TOLLGATE_SECRETS_EVAL_OUT or `data/`; record `tune-s23-record.json` beside this file.
 */
import { execFileSync } from "node:child_process";
import { ownLookalikes } from "./own-lookalikes.js";
import { ownLookalikesV4 } from "./own-lookalikes-v4.js";
import { ownLookalikesV5 } from "./own-lookalikes-v5.js";
import { ownLookalikesV6 } from "./own-lookalikes-v6.js";
import { isStandIn } from "./stand-in.js";
import { dropConflicts, dropRepeats, earlierCases, writeTunePart } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const SPM_COMMIT = "c61ea2668ee559ee5b607c27fcd7af78bd0e95cf";
const DATA_DIR = "src/Plugins/Tests.Security/TestData/SecurePlaintextSecrets/";
/** Inputs whose expected logs the test does not assert (EndToEndTests.RunAllTests skips them). */
const SKIPPED = /^SEC101_03[67]\./i;
/** A comment line: `#` or `//` then text (annotations, not code). */
const COMMENT = /^\s*(?:#+|\/\/)\s?(.*)$/;
/** A comment that says the paragraph under it is negative. */
const NEGATIVE_NOTE =
  /should ?n[o']t (?:be )?(?:get )?(?:match|caught|captur|flag|detect)|\binvalid\b|malformed|fails? validation/i;

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

interface Region {
  start: number;
  end: number;
}

interface SarifRegion {
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
  snippet?: { text?: string };
}

interface SarifResult {
  locations?: { physicalLocation?: { artifactLocation?: { uri?: string }; region?: SarifRegion } }[];
}

/**
 * The expected results' regions in `input` (the text with its byte-order mark removed). Read from lines and columns:
 * the logs' character offsets count the CRLF line ends of the checkout the logs were written on, the columns do not.
 */
function expectedRegions(input: string, log: string, file: string): Region[] {
  const doc = JSON.parse(log) as { runs: { results?: SarifResult[] }[] };
  const lineStarts = [0];
  for (let i = 0; i < input.length; i++) if (input[i] === "\n") lineStarts.push(i + 1);
  const at = (line: number, column: number) => (lineStarts[line - 1] ?? Number.NaN) + column - 1;
  const out: Region[] = [];
  for (const r of doc.runs[0]?.results ?? []) {
    const loc = r.locations?.[0]?.physicalLocation;
    if (loc?.artifactLocation?.uri?.endsWith(file) !== true) continue;
    const { startLine, startColumn, endLine, endColumn, snippet } = loc.region ?? {};
    if (startLine === undefined || startColumn === undefined) continue;
    const start = at(startLine, startColumn);
    const end = at(endLine ?? startLine, endColumn ?? startColumn);
    const text = snippet?.text?.replace(/\r\n/g, "\n");
    if (text !== undefined && input.slice(start, end) !== text)
      throw new Error(`${file}: region at ${startLine}:${startColumn} does not hold its snippet`);
    out.push({ start, end });
  }
  return out;
}

interface Paragraph {
  start: number;
  end: number;
  /** The comments above and inside it. */
  notes: string[];
  /** Its lines without comment lines, joined by newlines, and where each kept line starts in the input. */
  text: string;
  map: { at: number; from: number; length: number }[];
}

/** Paragraphs: runs of non-blank lines. */
function paragraphs(input: string): Paragraph[] {
  const out: Paragraph[] = [];
  let cur: Paragraph | undefined;
  let pos = 0;
  for (const line of input.split("\n")) {
    const lineStart = pos;
    pos += line.length + 1;
    if (line.trim() === "") {
      cur = undefined;
      continue;
    }
    if (cur === undefined) {
      cur = { start: lineStart, end: lineStart, notes: [], text: "", map: [] };
      out.push(cur);
    }
    cur.end = lineStart + line.length;
    const note = COMMENT.exec(line);
    if (note !== null) {
      cur.notes.push(note[1] ?? "");
      continue;
    }
    if (cur.text !== "") cur.text += "\n";
    cur.map.push({ at: cur.text.length, from: lineStart, length: line.length });
    cur.text += line;
  }
  return out;
}

/** The region's offsets in the paragraph's text; undefined when it falls in a removed comment line. */
function spanIn(p: Paragraph, r: Region): [number, number] | undefined {
  const line = p.map.find((m) => r.start >= m.from && r.start <= m.from + m.length);
  if (line === undefined) return undefined;
  const start = line.at + (r.start - line.from);
  return [start, Math.min(p.text.length, start + (r.end - r.start))];
}

function fileCases(name: string, input: string, log: string): EvalCase[] {
  const rule = name.replace(/^SEC101_\d+\.|\.[a-z0-9]+$/gi, "");
  const group = `sarif-pattern-matcher:${name}`;
  const regions = expectedRegions(input, log, name);
  const cases: EvalCase[] = [];
  const add = (label: EvalCase["label"], text: string, span?: [number, number]) =>
    cases.push({
      id: `sarif-pattern-matcher:${name}:${cases.length}`,
      group,
      source: "sarif-pattern-matcher",
      vendor: rule,
      label,
      text,
      ...(span === undefined ? {} : { span }),
    });
  for (const p of paragraphs(input)) {
    const inside = regions.filter((r) => r.start < p.end && r.end > p.start);
    if (inside.length === 0) {
      if (p.text !== "" && p.notes.some((n) => NEGATIVE_NOTE.test(n)) && !isStandIn(p.text))
        add("lookalike", p.text);
      continue;
    }
    for (const r of inside) {
      const span = spanIn(p, r);
      const value = input.slice(r.start, r.end);
      if (span === undefined || value.trim().length < 4 || isStandIn(value)) continue;
      add("secret", p.text, span);
    }
  }
  return cases;
}

/** Conflicts and repeats inside the source, keyed by text and span (one paragraph may hold several results). */
function dropSourceRepeats(cases: EvalCase[]): EvalCase[] {
  const secretTexts = new Set(cases.filter((c) => c.label === "secret").map((c) => c.text));
  const seen = new Set<string>();
  return dropConflicts(cases.filter((c) => c.label === "secret" || !secretTexts.has(c.text))).filter((c) => {
    const key = `${c.label}\0${c.text}\0${c.span?.join(",") ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function main(): void {
  const [dir] = process.argv.slice(2);
  if (dir === undefined) throw new Error("usage: build-s23.ts <sarif-pattern-matcher git dir>");
  const inputs = git(dir, "ls-tree", "--name-only", SPM_COMMIT, `${DATA_DIR}Inputs/`)
    .split("\n")
    .filter((f) => f !== "")
    .map((f) => f.slice(`${DATA_DIR}Inputs/`.length))
    .filter((f) => /^SEC101_\d+\./.test(f) && !SKIPPED.test(f));
  const fresh: EvalCase[] = [];
  for (const name of inputs) {
    const input = git(dir, "show", `${SPM_COMMIT}:${DATA_DIR}Inputs/${name}`).replace(/^\uFEFF/, "");
    const log = git(
      dir,
      "show",
      `${SPM_COMMIT}:${DATA_DIR}ExpectedOutputs/${name.replace(/\.[^.]+$/, "")}.sarif`,
    );
    fresh.push(...fileCases(name, input, log));
  }
  const inSource = dropSourceRepeats(fresh);
  const earlier = [
    ...earlierCases("tune-s23"),
    ...ownLookalikes(),
    ...ownLookalikesV4(),
    ...ownLookalikesV5(),
    ...ownLookalikesV6(),
  ];
  const earlierTexts = new Set(earlier.map((c) => c.text.trim()));
  const unique = inSource.filter((c) => !earlierTexts.has(c.text.trim()));
  const { kept, dropped } = dropRepeats(unique, earlier);
  writeTunePart("tune-s23", kept, inSource.length - unique.length + dropped, {
    "sarif-pattern-matcher": SPM_COMMIT,
  });
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
