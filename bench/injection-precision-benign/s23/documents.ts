/**
 * Documents of the session 23 precision part: every passage (passages.ts here) in two of eight carriers chosen by a
 * fixed hash of its text: the text as a tool returns it, an MCP content array, a JSON record (line breaks escaped),
 * an e-mail with headers, a YAML block scalar, an HTML page, a search result, a ticket export. The part is a fixed hash
 * of the passage (FNV-1a with the salt `s23-injfp`): about half `tune`, half `frozen` (frozen before any rule change by
 * `frozen-s23.json`; run once at the end, totals only). A document never shares a passage with the other part.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fnv1a, type Part, type PrecisionDoc, partHash } from "../documents.js";
import type { Passage } from "../passages.js";
import { S23_PASSAGES } from "./passages.js";

const PART_SALT = "s23-injfp";
export const S23_FROZEN_FILE = fileURLToPath(new URL("./frozen-s23.json", import.meta.url));

const NAMES = ["lena", "omar", "priya", "tomasz", "aiko", "mehmet", "efua", "jonas"];
const title = (p: Passage) =>
  p.text
    .replace(/[#*>`<\n]+/g, " ")
    .trim()
    .split(/\s+/)
    .slice(0, 6)
    .join(" ");
const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const CARRIERS: Record<string, (p: Passage, h: number) => string> = {
  raw: (p) => p.text,
  mcp: (p) => JSON.stringify({ content: [{ type: "text", text: p.text }], isError: false }),
  json: (p, h) =>
    JSON.stringify({
      id: `doc-${h % 100000}`,
      source: "drive",
      name: `${title(p)}.txt`,
      content: p.text,
      size: p.text.length,
    }),
  email: (p, h) =>
    `From: ${NAMES[h % NAMES.length]}@example.com\nTo: support@example.com\nSubject: Fwd: ${title(p)}\nDate: Sat, 2 May 2026 10:11:02 +0000\n\n${p.text}\n`,
  yaml: (p, h) =>
    `- id: ${h % 9000}\n  kind: attachment\n  body: |\n${p.text
      .split("\n")
      .map((l) => `    ${l}`)
      .join("\n")}\n`,
  html: (p) =>
    `<!doctype html><html><head><title>${esc(title(p))}</title></head><body><main><pre>${esc(p.text)}</pre></main></body></html>`,
  search: (p, h) =>
    `Results for "${title(p).slice(0, 40)}"\n1. ${title(p)} - wiki.example.com/page/${h % 9999}\n   ${p.text.replace(/\n/g, " ").slice(0, 400)}\n2. Related pages - wiki.example.com/related\n`,
  ticket: (p, h) =>
    `Ticket #${h % 90000} | status: open | requester: ${NAMES[h % NAMES.length]}\n--- attachment (text/plain) ---\n${p.text}\n--- end of attachment ---`,
};
const CARRIER_NAMES = Object.keys(CARRIERS);

/** A passage in its two carriers, chosen by `h` (the hash of the benign passage, so a hostile variant keeps them). */
export function carry(p: Passage, h: number): { carrier: string; text: string }[] {
  const first = h % CARRIER_NAMES.length;
  const second = (first + 1 + ((h >>> 8) % (CARRIER_NAMES.length - 1))) % CARRIER_NAMES.length;
  return [first, second].map((c) => ({
    carrier: CARRIER_NAMES[c]!,
    text: CARRIERS[CARRIER_NAMES[c]!]!(p, h),
  }));
}

export function s23Docs(): PrecisionDoc[] {
  const out: PrecisionDoc[] = [];
  for (const p of S23_PASSAGES) {
    const h = fnv1a(p.text);
    const part: Part = fnv1a(`${PART_SALT}:${p.text}`) % 2 === 0 ? "tune" : "frozen";
    for (const { carrier, text } of carry(p, h))
      out.push({
        key: `s23/${p.lang}/${p.cls}/${h.toString(16)}/${carrier}`,
        part,
        cls: p.cls,
        lang: p.lang,
        carrier,
        text,
      });
  }
  return out;
}

/** A part's documents; the frozen part is checked against frozen-s23.json (a changed frozen part throws). */
export function loadS23Part(part: Part): PrecisionDoc[] {
  const docs = s23Docs().filter((d) => d.part === part);
  if (part === "frozen") {
    const frozen = JSON.parse(readFileSync(S23_FROZEN_FILE, "utf8")) as { documents: number; sha256: string };
    const hash = partHash(docs);
    if (docs.length !== frozen.documents || hash !== frozen.sha256)
      throw new Error(
        `s23 frozen part changed: ${docs.length} documents, ${hash}; frozen-s23.json says ${frozen.documents}, ${frozen.sha256}`,
      );
  }
  return docs;
}
