/**
 * Builds the session-17 tune part of the secret evaluation from a source no earlier part used (see README.md for its
 * licence and commit):
 *
 *   npx tsx bench/secrets-eval/build-s17.ts <secret-scanning-custom-patterns git dir> <leaky-repo git dir>
 *
 * advanced-security/secret-scanning-custom-patterns (MIT): GitHub's custom secret-scanning patterns, each with a
 * `test.data` string (and the byte offsets of what it must match) and `expected` locations (file, byte offsets) in
 * the fixture files beside it. Each expected location is a secret (text: its lines and the two lines before; span:
 * the expected bytes); each pattern's test string is a secret (span: from its start offset to its end offset, or to
 * the end of the value when none is given); each line of `vendors/not_okta.txt` (the authors' negatives) is a
 * look-alike. Patterns that report no credential (PII, e-mail addresses, URLs, IP addresses, UUIDs, hosts, public
 * keys, action SHAs, image-name typos) and the bare common-password list (a word alone on a line, no key) skipped.
 *
 * Plazmaz/leaky-repo (MIT): dotfiles and config files of the kinds a tool reads (`.netrc`, `.pgpass`, FileZilla XML,
 * `wp-config.php`, `.env`, cloud CLI files), labelled by `.leaky-meta/secrets.csv` (risk lines per file) and by its
 * marker comments (`# Risk`, `# Informative`, `<!-- Risk -->`, alone on the line before or at a line's end). A line
 * marked risk is a secret (text: that line and the two before it, marker comments removed; span: that line); a line marked informative
 * is a look-alike (text: that line alone); a file with risk lines and no marker is one secret (no span); a file with
 * no risk line a look-alike. Binary files and the repository's own documents skipped.
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
export const LEAKY_COMMIT = "2e951359cac53addbee56437da3ffb546e3dfe24";

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

function show(dir: string, path: string, commit = ASCP_COMMIT): Buffer {
  return execFileSync("git", ["-C", dir, "show", `${commit}:${path}`], { maxBuffer: 64 << 20 });
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

/** A marker comment alone on its line, or at a line's end: group 1 (or 2) says which. */
const MARKER_LINE = /^\s*(?:#|\/\/|<!--)\s*(?:Security\s+)?(Risk|Informative)\b[^\n]*$/i;
const MARKER_END = /\s+#\s*(Risk|Informative)\b.*$/i;

/** The risk and informative counts `.leaky-meta/secrets.csv` gives each file. */
function leakyCounts(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of show(dir, ".leaky-meta/secrets.csv", LEAKY_COMMIT).toString("utf8").split("\n")) {
    const m = /^([^#,][^,]*),(\d+),(\d+)$/.exec(line.trim());
    if (m !== null) out.set(m[1] as string, Number(m[2]));
  }
  return out;
}

function leakyCases(dir: string): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const [path, risks] of leakyCounts(dir)) {
    let raw: string;
    try {
      raw = show(dir, path, LEAKY_COMMIT).toString("utf8");
    } catch {
      continue; // listed in the CSV, absent at this commit (etc/shadow)
    }
    if (raw.includes("\u0000")) continue;
    const group = `leaky:${path}`;
    const base = { group, source: "leaky-repo" as const, vendor: path.split("/").pop() as string };
    // The file without its marker comments, and each kept line's mark.
    const lines: { text: string; mark?: string }[] = [];
    let pending: string | undefined;
    for (const line of raw.split("\n")) {
      const alone = MARKER_LINE.exec(line);
      if (alone !== null) {
        pending = (alone[1] as string).toLowerCase();
        continue;
      }
      const end = MARKER_END.exec(line);
      const text = end === null ? line : line.slice(0, end.index);
      const mark = end !== null ? (end[1] as string).toLowerCase() : text.trim() === "" ? undefined : pending;
      if (text.trim() !== "") pending = undefined;
      lines.push(mark === undefined ? { text } : { text, mark });
    }
    const text = lines.map((l) => l.text).join("\n");
    if (!lines.some((l) => l.mark !== undefined)) {
      cases.push({ ...base, id: group, label: risks > 0 ? "secret" : "lookalike", text });
      continue;
    }
    lines.forEach((l, i) => {
      if (l.mark === "risk") {
        const before = lines
          .slice(Math.max(0, i - 2), i)
          .map((b) => `${b.text}\n`)
          .join("");
        const span: [number, number] = [before.length, before.length + l.text.length];
        cases.push({ ...base, id: `${group}:${i + 1}`, label: "secret", text: before + l.text, span });
      } else if (l.mark === "informative")
        cases.push({ ...base, id: `${group}:${i + 1}`, label: "lookalike", text: l.text.trim() });
    });
  }
  return cases;
}

/**
 * This source's own stand-ins, beyond `isStandIn`: a value under 4 characters, a run of six identical characters
 * (`0100000000...`, `aaaa...`, `AAAA` key bodies; alignment spaces are not one), or the word password with digits (`password123`). Decided on the text
 * before any detector ran.
 */
function isSourceStandIn(value: string): boolean {
  return (
    isStandIn(value) || value.length < 4 || /(\S)\1{5}/.test(value) || /^(my)?pass(word)?\d*$/i.test(value)
  );
}

function main(): void {
  const [dir, leakyDir] = process.argv.slice(2);
  if (dir === undefined || leakyDir === undefined)
    throw new Error("usage: build-s17.ts <secret-scanning-custom-patterns git dir> <leaky-repo git dir>");
  const fresh = [
    ...PATTERN_DIRS.flatMap((f) => patternCases(dir, f)),
    ...negativeCases(dir),
    ...leakyCases(leakyDir),
  ].filter((c) => !isSourceStandIn(c.span === undefined ? c.text : c.text.slice(c.span[0], c.span[1])));
  const { kept, dropped } = dropRepeats(dropConflicts(fresh), earlierCases("tune-s17"));
  writeTunePart("tune-s17", kept, dropped, {
    "secret-scanning-custom-patterns": ASCP_COMMIT,
    "leaky-repo": LEAKY_COMMIT,
  });
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
