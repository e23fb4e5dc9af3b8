/**
 * Tool-output carriers for the hand-written bodies: the same body laid out as an MCP tool would return it (a JSON
 * record, an MCP content array as text, a CSV export, YAML, markdown, a unified diff, a log, an e-mail). The slot
 * values (ids, dates, fictional names) come from a seeded generator keyed on the body, so a rebuild is byte-identical.
 * Bodies whose carrier is part of the text (git output, HTML, a hand-made JSON) are stored as written (`asIs`).
 */

export const WRAPPED = ["json", "mcp", "csv", "yaml", "markdown", "diff", "log", "email"] as const;
export type Wrapped = (typeof WRAPPED)[number];

/** mulberry32: a small seeded generator (deterministic across machines). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const NAMES = [
  "r.okafor",
  "m.lindqvist",
  "j.tanaka",
  "p.morel",
  "a.haddad",
  "s.novak",
  "k.mensah",
  "l.ferreira",
];
const FILES = [
  "docs/notes.md",
  "README.md",
  "docs/setup.md",
  "CONTRIBUTING.md",
  "docs/faq.md",
  "notes/todo.txt",
];
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const pad = (n: number) => String(n).padStart(2, "0");

function date(r: () => number): string {
  return `2026-${pad(1 + Math.floor(r() * 11))}-${pad(1 + Math.floor(r() * 27))}`;
}

function time(r: () => number): string {
  return `${pad(Math.floor(r() * 24))}:${pad(Math.floor(r() * 60))}:${pad(Math.floor(r() * 60))}`;
}

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The body laid out in one carrier; `title` names the record where the carrier has a title. */
export function wrap(carrier: Wrapped, body: string, title: string): string {
  const r = seeded(hash32(`${carrier}\u0000${body}`));
  const lines = body.split("\n");
  const id = 1000 + Math.floor(r() * 9000);
  switch (carrier) {
    case "json":
      return JSON.stringify(
        { id, title, body, author: pick(r, NAMES), updated_at: `${date(r)}T${time(r)}Z` },
        null,
        r() < 0.5 ? 2 : undefined,
      );
    case "mcp":
      return JSON.stringify({ content: [{ type: "text", text: body }], isError: false });
    case "csv":
      return [
        "id,author,date,text",
        ...lines
          .filter((l) => l.trim() !== "")
          .map((l, i) => `${id + i},${pick(r, NAMES)},${date(r)},${csvCell(l)}`),
      ].join("\n");
    case "yaml":
      return [
        `- id: ${id}`,
        `  title: ${JSON.stringify(title)}`,
        `  owner: ${pick(r, NAMES)}`,
        "  body: |",
        ...lines.map((l) => (l === "" ? "" : `    ${l}`)),
      ].join("\n");
    case "markdown":
      return `## ${title}\n\n${body}\n`;
    case "diff": {
      const file = pick(r, FILES);
      const start = 1 + Math.floor(r() * 80);
      return [
        `diff --git a/${file} b/${file}`,
        `index ${id.toString(16)}a1c..${(id * 7).toString(16)}f02 100644`,
        `--- a/${file}`,
        `+++ b/${file}`,
        `@@ -${start},2 +${start},${lines.length + 2} @@`,
        " ",
        ...lines.map((l) => `+${l}`),
        " ",
      ].join("\n");
    }
    case "log": {
      const day = date(r);
      return lines
        .filter((l) => l.trim() !== "")
        .map((l) => `${day}T${time(r)}Z ${pick(r, ["INFO ", "INFO ", "WARN ", "DEBUG"])} [${title}] ${l}`)
        .join("\n");
    }
    case "email":
      return [
        `From: ${pick(r, NAMES)}@example.org`,
        `To: team@example.com`,
        `Date: ${date(r)} ${time(r)} +0000`,
        `Subject: ${title}`,
        "",
        body,
      ].join("\n");
  }
}
