/**
 * Builds the session-17 tune part of the secret evaluation from a source no earlier part used (see README.md for its
 * licence and commit):
 *
 *   npx tsx bench/secrets-eval/build-s17.ts <secret-scanning-custom-patterns git dir>
 *
 * advanced-security/secret-scanning-custom-patterns (MIT): GitHub's custom secret-scanning patterns, each with a
 * `test.data` string (and the byte offsets of what it must match) and `expected` locations (file, byte offsets) in
 * the fixture files beside it. Each expected location is a secret (text: its lines and the two lines before; span:
 * the expected bytes); each pattern's test string is a secret (span: from its start offset to its end offset, or to
 * the end of the value when none is given); each line of `vendors/not_okta.txt` (the authors' negatives) is a
 * look-alike. Patterns that report no credential (PII, e-mail addresses, URLs, IP addresses, UUIDs, hosts, public
 * keys, action SHAs, image-name typos) and the bare common-password list (a word alone on a line, no key) skipped.
 *
 * Every case is tune. Decided on the text before any detector ran: stand-ins (`isStandIn`, and this source's own:
 * `isSourceStandIn`) dropped; texts labelled
 * both ways or repeated dropped; a case sharing a 16+ character token with any earlier case (frozen parts included),
 * or with a case of another group, dropped. Output: `tune-s17.json` in TOLLGATE_SECRETS_EVAL_OUT or `data/`
 * (git-ignored); its sha256 and counts go to `tune-s17-record.json`.
 */
import { execFileSync } from "node:child_process";
import { parse } from "yaml";
import { isStandIn } from "./stand-in.js";
import { dropConflicts, dropRepeats, earlierCases, writeTunePart } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const ASCP_COMMIT = "9b84660dfcad6cc3d0e2c40a1a5f61dd7edca4b9";

const PATTERN_DIRS = ["configs", "database", "generic", "jwt", "password_store", "rsa", "uri", "vendors"];

/** Pattern types that report something other than a credential. */
const NOT_CREDENTIALS = new Set([
  "hardcoded_internal_emails",
  "hardcoded_internal_urls",
  "any_ipv4_addresses",
  "ghcr_typos",
  "uuids",
  "github_actions_sha_checker",
  "ssh_public_key",
  "azure_sql_connection_string",
]);

interface Location {
  name?: string;
  start_offset?: number;
  end_offset?: number;
}
interface Pattern {
  type: string;
  test?: { data?: string; start_offset?: number; end_offset?: number };
  expected?: Location[];
}

function show(dir: string, path: string): Buffer {
  return execFileSync("git", ["-C", dir, "show", `${ASCP_COMMIT}:${path}`], { maxBuffer: 64 << 20 });
}

/** The lines holding bytes [start, end) of `bytes` and the two lines before, with the span in that text's characters. */
function window(bytes: Buffer, start: number, end: number): { text: string; span: [number, number] } {
  let from = start;
  for (let lines = 0; from > 0; from--) if (bytes[from - 1] === 0x0a && ++lines === 3) break;
  let to = Math.max(end, start + 1);
  while (to < bytes.length && bytes[to] !== 0x0a) to++;
  const text = bytes.subarray(from, to).toString("utf8");
  const a = bytes.subarray(from, start).toString("utf8").length;
  return { text, span: [a, a + bytes.subarray(start, end).toString("utf8").length] };
}

/** A test string's span: its offsets, or from its start to the end of the value when no end is given. */
function testSpan(data: string, start = 0, end?: number): [number, number] | undefined {
  const bytes = Buffer.from(data, "utf8");
  let to = end !== undefined && end >= 0 ? end : start;
  if (end === undefined || end < 0)
    while (to < bytes.length && !/[\s"'`]/.test(String.fromCharCode(bytes[to] ?? 32))) to++;
  if (to <= start) return undefined;
  const a = bytes.subarray(0, start).toString("utf8").length;
  return [a, a + bytes.subarray(start, to).toString("utf8").length];
}

function patternCases(dir: string, folder: string): EvalCase[] {
  const file = parse(show(dir, `${folder}/patterns.yml`).toString("utf8")) as { patterns?: Pattern[] };
  const cases: EvalCase[] = [];
  for (const p of file.patterns ?? []) {
    if (NOT_CREDENTIALS.has(p.type)) continue;
    const group = `ascp:${folder}/${p.type}`;
    const base = {
      group,
      source: "secret-scanning-custom-patterns" as const,
      vendor: p.type,
      label: "secret" as const,
    };
    const data = p.test?.data;
    const span =
      typeof data === "string" ? testSpan(data, p.test?.start_offset, p.test?.end_offset) : undefined;
    if (typeof data === "string" && span !== undefined)
      cases.push({ ...base, id: `${group}#test`, text: data, span });
    (p.expected ?? []).forEach((loc, i) => {
      if (loc.name === undefined || loc.start_offset === undefined || loc.end_offset === undefined) return;
      const w = window(show(dir, `${folder}/${loc.name}`), loc.start_offset, loc.end_offset);
      cases.push({ ...base, id: `${group}#${i}`, ...w });
    });
  }
  return cases;
}

/** The authors' negatives: each non-comment line of `vendors/not_okta.txt`. */
function negativeCases(dir: string): EvalCase[] {
  const group = "ascp:vendors/not_okta";
  return show(dir, "vendors/not_okta.txt")
    .toString("utf8")
    .split("\n")
    .flatMap((text, i) =>
      text.trim() === "" || text.startsWith("#")
        ? []
        : [
            {
              id: `${group}:${i + 1}`,
              group,
              source: "secret-scanning-custom-patterns" as const,
              vendor: "okta_token",
              label: "lookalike" as const,
              text,
            },
          ],
    );
}

/**
 * This source's own stand-ins, beyond `isStandIn`: a value under 4 characters, a run of six identical characters
 * (`0100000000...`, `aaaa...`, `AAAA` key bodies), or the word password with digits (`password123`). Decided on the text
 * before any detector ran.
 */
function isSourceStandIn(value: string): boolean {
  return (
    isStandIn(value) || value.length < 4 || /(.)\1{5}/.test(value) || /^(my)?pass(word)?\d*$/i.test(value)
  );
}

function main(): void {
  const [dir] = process.argv.slice(2);
  if (dir === undefined) throw new Error("usage: build-s17.ts <secret-scanning-custom-patterns git dir>");
  const fresh = [...PATTERN_DIRS.flatMap((f) => patternCases(dir, f)), ...negativeCases(dir)].filter(
    (c) => !isSourceStandIn(c.span === undefined ? c.text : c.text.slice(c.span[0], c.span[1])),
  );
  const { kept, dropped } = dropRepeats(dropConflicts(fresh), earlierCases("tune-s17"));
  writeTunePart("tune-s17", kept, dropped, { "secret-scanning-custom-patterns": ASCP_COMMIT });
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
