/**
 * Benign text in quantity that no one wrote for this project, read in place on this machine (never copied):
 * - `man`: rendered section-1 man pages (`man -l`, 80 columns), every k-th of /usr/share/man/man1 in name order,
 *   cut at paragraph ends into pieces of at most 3,000 characters (at most 3 pieces a page);
 * - `gettext`: the translations (msgstr) of the gettext catalogues under /usr/share/locale for the languages the rules
 *   read, 30 messages to a document, as a JSON list (what a localisation tool returns);
 * - `node`: the README/CHANGELOG/.md documents of bench/scorer/node-modules-manifest.tsv (the scorer corpus' slices,
 *   hash-checked), cut into pieces of at most 3,000 characters (the model trained on the `train` part's: an upper
 *   bound for the model, not for the rules);
 * - `ham`: SpamAssassin ham as the scorer reads it (TOLLGATE_SPAM_DIR).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { frozenModuleTexts, spamAssassin } from "../scorer/corpora.js";

export interface QuantityDoc {
  source: string;
  key: string;
  text: string;
}

export function pieces(text: string, max = 3000): string[] {
  const out: string[] = [];
  let cur = "";
  for (const para of text.split(/\n\s*\n/)) {
    if (cur.length + para.length + 2 > max && cur.length > 0) {
      out.push(cur);
      cur = "";
    }
    cur = cur.length === 0 ? para.slice(0, max) : `${cur}\n\n${para}`;
  }
  if (cur.trim().length > 0) out.push(cur);
  return out.filter((p) => p.trim().length > 80);
}

export function manDocs(pages = 300): QuantityDoc[] {
  const dir = "/usr/share/man/man1";
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).sort();
  const step = Math.max(1, Math.floor(files.length / pages));
  const out: QuantityDoc[] = [];
  for (let i = 0; i < files.length; i += step) {
    let text: string;
    try {
      text = execFileSync("man", ["-l", join(dir, files[i]!)], {
        env: { ...process.env, MANWIDTH: "80", MAN_KEEP_FORMATTING: "", LANG: "C.UTF-8" },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
        maxBuffer: 1 << 24,
      });
    } catch {
      continue;
    }
    for (const [j, t] of pieces(text).slice(0, 3).entries())
      out.push({ source: "man", key: `man:${files[i]}#${j}`, text: t });
  }
  return out;
}

export const GETTEXT_LANGS = [
  "de",
  "fr",
  "es",
  "it",
  "pt",
  "pt_BR",
  "ru",
  "zh_CN",
  "ja",
  "uk",
  "ko",
  "ar",
  "hi",
];

/** The translations of a .mo catalogue (GNU format, either byte order). */
export function moStrings(buf: Buffer): string[] {
  if (buf.length < 28) return [];
  const le = buf.readUInt32LE(0) === 0x950412de;
  const u32 = (o: number) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const n = u32(8);
  const trans = u32(16);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = u32(trans + i * 8);
    const off = u32(trans + i * 8 + 4);
    if (off + len > buf.length) break;
    const s = buf.toString("utf8", off, off + len);
    if (s.length > 0 && !s.startsWith("Project-Id-Version")) out.push(...s.split("\0"));
  }
  return out;
}

export function gettextDocs(perLang = 40): QuantityDoc[] {
  const out: QuantityDoc[] = [];
  for (const lang of GETTEXT_LANGS) {
    const dir = `/usr/share/locale/${lang}/LC_MESSAGES`;
    if (!existsSync(dir)) continue;
    let docs = 0;
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith(".mo") || docs >= perLang) continue;
      const msgs = moStrings(readFileSync(join(dir, file))).filter((m) => m.length > 20);
      for (let i = 0; i + 30 <= msgs.length && docs < perLang && i < 120; i += 30) {
        out.push({
          source: "gettext",
          key: `gettext:${lang}/${file}#${i / 30}`,
          text: JSON.stringify({ catalogue: file, language: lang, messages: msgs.slice(i, i + 30) }, null, 1),
        });
        docs++;
      }
    }
  }
  return out;
}

export function nodeDocs(): QuantityDoc[] {
  return frozenModuleTexts("scorer")
    .filter((d) => /(readme|changelog|history|\.md$)/i.test(d.path))
    .flatMap((d) => pieces(d.text).map((t, j) => ({ source: "node", key: `node:${d.path}#${j}`, text: t })));
}

export function hamDocs(): QuantityDoc[] {
  return spamAssassin().map((text, i) => ({ source: "ham", key: `ham:${i}`, text }));
}
