/**
 * Documents of the precision benign set: every passage (passages.ts) in two tool-output carriers chosen by a fixed
 * hash of its text (a JSON record, an MCP content array, Markdown, an e-mail, log lines, a diff, a CSV export). The
 * part is a fixed hash of the passage (FNV-1a, `PART_SALT`): about half `tune` (measured and tuned on) and half
 * `frozen` (frozen before any rule change, by `frozen.json`; run once at the end, totals only).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PASSAGES, type Passage } from "./passages.js";

export type Part = "tune" | "frozen";
export interface PrecisionDoc {
  key: string;
  part: Part;
  cls: string;
  lang: string;
  carrier: string;
  text: string;
}

const PART_SALT = "s22-precision";
export const FROZEN_FILE = fileURLToPath(new URL("./frozen.json", import.meta.url));

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const NAMES = ["lena", "omar", "priya", "tomasz", "aiko", "mehmet", "efua", "jonas"];
const title = (p: Passage) =>
  p.text
    .replace(/[#*>`\n]+/g, " ")
    .trim()
    .split(/\s+/)
    .slice(0, 6)
    .join(" ");
const lines = (t: string) => t.split("\n");

const CARRIERS: Record<string, (p: Passage, h: number) => string> = {
  json: (p, h) =>
    JSON.stringify({ id: h % 100000, title: title(p), body: p.text, updated_at: "2026-05-02T10:11:02Z" }),
  mcp: (p) => JSON.stringify({ content: [{ type: "text", text: p.text }], isError: false }),
  markdown: (p, h) =>
    `# ${title(p)}\n\n${p.text}\n\n_Last edited by ${NAMES[h % NAMES.length]} on 2026-05-02._\n`,
  email: (p, h) =>
    `From: ${NAMES[h % NAMES.length]}@example.com\nTo: team@example.com\nSubject: ${title(p)}\nDate: Sat, 2 May 2026 10:11:02 +0000\n\n${p.text}\n`,
  log: (p, h) =>
    lines(p.text)
      .map((l, i) => `2026-05-02T10:${String(11 + i).padStart(2, "0")}:0${h % 10}Z INFO docs-sync: ${l}`)
      .join("\n"),
  diff: (p) =>
    [
      "diff --git a/docs/notes.md b/docs/notes.md",
      "--- a/docs/notes.md",
      "+++ b/docs/notes.md",
      `@@ -1,2 +1,${lines(p.text).length + 2} @@`,
      " # Notes",
      ...lines(p.text).map((l) => `+${l}`),
      " ",
    ].join("\n"),
  csv: (p, h) => `id,author,text\n${h % 9000},${NAMES[h % NAMES.length]},"${p.text.replace(/"/g, '""')}"\n`,
};
const CARRIER_NAMES = Object.keys(CARRIERS);

export function precisionDocs(): PrecisionDoc[] {
  const out: PrecisionDoc[] = [];
  for (const p of PASSAGES) {
    const h = fnv1a(p.text);
    const part: Part = fnv1a(`${PART_SALT}:${p.text}`) % 2 === 0 ? "tune" : "frozen";
    const first = h % CARRIER_NAMES.length;
    const second = (first + 1 + ((h >>> 8) % (CARRIER_NAMES.length - 1))) % CARRIER_NAMES.length;
    for (const c of [first, second]) {
      const carrier = CARRIER_NAMES[c]!;
      out.push({
        key: `${p.lang}/${p.cls}/${h.toString(16)}/${carrier}`,
        part,
        cls: p.cls,
        lang: p.lang,
        carrier,
        text: CARRIERS[carrier]!(p, h),
      });
    }
  }
  return out;
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The one hash over a part: its documents' `key sha256(text)` lines, sorted. */
export function partHash(docs: readonly PrecisionDoc[]): string {
  return sha256(
    docs
      .map((d) => `${d.key} ${sha256(d.text)}`)
      .sort()
      .join("\n"),
  );
}

/** A part's documents; the frozen part is checked against frozen.json (a changed frozen part throws). */
export function loadPart(part: Part): PrecisionDoc[] {
  const docs = precisionDocs().filter((d) => d.part === part);
  if (part === "frozen") {
    const frozen = JSON.parse(readFileSync(FROZEN_FILE, "utf8")) as { documents: number; sha256: string };
    const hash = partHash(docs);
    if (docs.length !== frozen.documents || hash !== frozen.sha256)
      throw new Error(
        `frozen part changed: ${docs.length} documents, ${hash}; frozen.json says ${frozen.documents}, ${frozen.sha256}`,
      );
  }
  return docs;
}
