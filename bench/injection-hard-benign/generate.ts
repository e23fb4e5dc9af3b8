/**
 * The authored part of the hard benign set: documents built from templates.ts by a seeded generator, in the shapes a
 * tool returns (plain text, a JSON record, an MCP content array as text, a CSV export, markdown).
 *
 * Halves: each template sentence (a question-and-answer pair for transcripts) falls in `dev` or `frozen` by a seeded
 * hash of its text, and a document of one half is written only from that half's templates, so what is tuned on the
 * dev half cannot be the frozen half's sentences. Slot values and fillers are shared.
 */

import { seeded } from "../eval-set/rand.js";
import { FILLER, type HardBenignClass, SLOTS, TEMPLATES } from "./templates.js";

export type Half = "dev" | "frozen";
/** `yaml` only in the session 18 dev-only documents (dev-extra.ts). */
export type Shape = "plain" | "json" | "mcp" | "csv" | "yaml" | "markdown";

export interface HardBenignDoc {
  key: string;
  cls: string;
  shape: Shape;
  half: Half;
  text: string;
}

export const SEED = 0x16b3a9c1;
const SHAPES: readonly Shape[] = ["plain", "json", "mcp", "csv", "markdown"];

/** A seeded 32-bit hash of a string (FNV-1a with a murmur finaliser). */
export function hash32(text: string, seed = SEED): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

export function halfOf(key: string): Half {
  return (hash32(key) & 1) === 0 ? "dev" : "frozen";
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

function fill(r: Rand, template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => pick(r, SLOTS[slot] ?? [`{${slot}}`]));
}

/** The template units of a class in one half: single sentences, or question-and-answer pairs for transcripts. */
function unitsOf(cls: HardBenignClass, half: Half): string[][] {
  const all = TEMPLATES[cls];
  const units: string[][] = [];
  if (cls === "transcript") for (let i = 0; i + 1 < all.length; i += 2) units.push([all[i]!, all[i + 1]!]);
  else for (const t of all) units.push([t]);
  return units.filter((u) => halfOf(u.join("\n")) === half);
}

const ROLES: readonly [string, string][] = [
  ["User", "Assistant"],
  ["Customer", "Agent"],
  ["User", "Bot"],
  ["Human", "Assistant"],
  ["Visitor", "Support"],
  ["user", "assistant"],
];

/** One document's lines (before its shape) and a title. */
interface Body {
  title: string;
  lines: string[];
  /** How the lines are joined in plain text. */
  join: string;
}

function body(r: Rand, cls: HardBenignClass, half: Half): Body {
  const units = unitsOf(cls, half);
  const count = 3 + Math.floor(r() * 4);
  const lines: string[] = [];
  if (cls === "transcript") {
    const [a, b] = pick(r, ROLES);
    const turns = 2 + Math.floor(r() * 4);
    for (let i = 0; i < turns; i++) {
      const [q, ans] = pick(r, units);
      lines.push(`${a}: ${fill(r, q!)}`, `${b}: ${fill(r, ans!)}`);
    }
    if (r() < 0.25) lines.splice(2, 0, `${b}: (${pick(r, SLOTS["name"]!)} joined the chat)`);
    return { title: `Chat ${pick(r, SLOTS["order"]!)}`, lines, join: "\n" };
  }
  for (let i = 0; i < count; i++) {
    if (r() < 0.2) lines.push(pick(r, FILLER));
    lines.push(fill(r, pick(r, units)[0]!));
  }
  switch (cls) {
    case "changelog": {
      const ver = pick(r, SLOTS["ver"]!);
      if (r() < 0.5)
        return {
          title: `${ver} (${pick(r, SLOTS["date"]!)})`,
          lines: lines.map((l) => `- ${l}`),
          join: "\n",
        };
      const commits = lines.map(
        (l, i) =>
          `commit ${hash32(l + i, SEED + i)
            .toString(16)
            .padStart(
              8,
              "0",
            )}${"0".repeat(32)}\nAuthor: ${pick(r, SLOTS["name"]!)} <dev@example.com>\nDate:   ${pick(r, SLOTS["date"]!)}\n\n    ${l}\n`,
      );
      return { title: "git log", lines: commits, join: "\n" };
    }
    case "log": {
      const stamp = (i: number) => `2026-11-0${1 + (i % 9)}T1${i % 10}:0${i % 6}:${10 + i * 3}Z`;
      return { title: "build log", lines: lines.map((l, i) => `${stamp(i)} ${l}`), join: "\n" };
    }
    case "mcp-doc":
      return { title: `${pick(r, SLOTS["pkg"]!)} MCP server`, lines, join: "\n\n" };
    case "email": {
      const to = pick(r, SLOTS["name"]!);
      const from = pick(r, SLOTS["name"]!);
      return { title: `Re: follow-up`, lines: [`Hi ${to},`, ...lines, `Thanks,\n${from}`], join: "\n\n" };
    }
    case "advisory":
      return { title: `Security advisory for ${pick(r, SLOTS["pkg"]!)}`, lines, join: " " };
    case "review":
      return { title: `Review of PR #${pick(r, SLOTS["n"]!)}`, lines, join: "\n\n" };
    default:
      return { title: cls === "howto" ? "Getting started" : "Notes", lines, join: " " };
  }
}

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function shaped(r: Rand, b: Body, shape: Shape, id: number): string {
  const plain = b.lines.join(b.join);
  switch (shape) {
    case "plain":
      return plain;
    case "json":
      return JSON.stringify(
        { id, title: b.title, body: plain, updated_at: `${pick(r, SLOTS["date"]!)}T09:00:00Z` },
        null,
        r() < 0.5 ? 2 : undefined,
      );
    case "mcp":
      return JSON.stringify({ content: [{ type: "text", text: plain }], isError: false });
    case "csv":
      return [
        "id,author,text",
        ...b.lines.map((l, i) => `${id * 100 + i},${pick(r, SLOTS["name"]!)},${csvCell(l)}`),
      ].join("\n");
    case "yaml":
    case "markdown":
      return `## ${b.title}\n\n${b.lines.map((l) => (b.join === " " ? `- ${l}` : l)).join("\n\n")}\n`;
  }
}

/** `perClass` documents of each class in each half, every shape in turn. */
export function authoredDocs(perClass = 40): HardBenignDoc[] {
  const docs: HardBenignDoc[] = [];
  for (const cls of Object.keys(TEMPLATES) as HardBenignClass[])
    for (const half of ["dev", "frozen"] as const) {
      const r = seeded(hash32(`${cls}/${half}`));
      for (let i = 0; i < perClass; i++) {
        const shape = SHAPES[i % SHAPES.length]!;
        const text = shaped(r, body(r, cls, half), shape, 1000 + i);
        docs.push({ key: `authored/${cls}/${half}/${i}`, cls, shape, half, text });
      }
    }
  return docs;
}
