/**
 * The labelled eval set for the threat tool output carries: indirect prompt injections and hard benign negatives,
 * PII and its look-alikes, secrets and their look-alikes, each planted in many carriers. Deterministic: every
 * sample's randomness is seeded from the split seed and the sample's id, so the same definition always generates
 * the same text.
 *
 * The split is by template AND carrier (split.json): a sample of split S uses a template of S in a carrier of S, so
 * no test template or test carrier is ever seen in train or dev.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { CARRIERS } from "./carriers.js";
import { BENIGN_TEMPLATES, INJECTION_TEMPLATES } from "./injection-templates.js";
import { OBFUSCATIONS, type Obfuscation, obfuscate } from "./obfuscate.js";
import { PII_TEMPLATES } from "./pii-templates.js";
import {
  cardLookalike,
  cardNumber,
  email,
  iban,
  ibanLookalike,
  ipAddress,
  NAMES,
  phone,
  ssn,
} from "./pii-values.js";
import { chars, digits, int, pick, type Rand, seeded, seedOf } from "./rand.js";
import { SECRET_TEMPLATES } from "./secret-templates.js";
import { LOOKALIKE_KINDS, SECRET_KINDS } from "./secret-values.js";
import { type Doc, fillTemplate, type GoldSpan, pii, render, t } from "./segments.js";

export const SPLITS = ["test", "dev", "train"] as const;
export type SplitName = (typeof SPLITS)[number];
export type Task = "injection" | "pii" | "secret";

export interface SplitDefinition {
  /** Seed of the generated text (the assignment of ids to splits is stored explicitly below). */
  seed: number;
  templates: Record<SplitName, string[]>;
  carriers: Record<SplitName, string[]>;
  /** sha256 of the generated test split (see `hashSamples`), and its size per task, at freeze time. */
  testSha256: string;
  testCounts: Record<Task, number>;
}

export interface Sample {
  id: string;
  split: SplitName;
  task: Task;
  templateId: string;
  carrierId: string;
  /** injection: an injection (true) or benign text; pii: a positive template; secret: a real secret. */
  positive: boolean;
  /** Breakdown keys: cls, lang, obfuscation (injection); type (pii); kind (secret). */
  tags: Record<string, string>;
  text: string;
  gold: GoldSpan[];
}

export const SPLIT_FILE = new URL("./split.json", import.meta.url);

/** split.json as committed, unchecked (freeze.ts reads it to add new ids). */
export function readSplitFile(): SplitDefinition {
  return JSON.parse(readFileSync(SPLIT_FILE, "utf8")) as SplitDefinition;
}

/**
 * Reads split.json and checks it: every template and carrier id is in exactly one split, and every id the
 * generator knows is assigned (a new template must be frozen into a split before it is used).
 */
export function loadSplitDefinition(): SplitDefinition {
  const def = readSplitFile();
  const known = { templates: [...templateGroups().values()].flat(), carriers: CARRIER_IDS };
  for (const field of ["templates", "carriers"] as const) {
    const seen = new Map<string, SplitName>();
    for (const split of SPLITS) {
      for (const id of def[field][split]) {
        const other = seen.get(id);
        if (other) throw new Error(`split.json: ${field} id ${id} is in both ${other} and ${split}`);
        seen.set(id, split);
      }
    }
    const missing = known[field].filter((id) => !seen.has(id));
    if (missing.length > 0) {
      throw new Error(
        `split.json does not assign ${field} ${missing.join(", ")}: run \`npx tsx bench/eval-set/freeze.ts\``,
      );
    }
  }
  return def;
}

/** Every template id of every task, grouped for stratified splitting (each group is spread over the splits). */
export function templateGroups(): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  const add = (group: string, id: string) => groups.set(group, [...(groups.get(group) ?? []), id]);
  for (const tpl of INJECTION_TEMPLATES) add(`inj.${tpl.lang === "en" ? tpl.cls : tpl.lang}`, tpl.id);
  for (const tpl of BENIGN_TEMPLATES) add(`ben.${tpl.lang === "en" ? "en" : "xx"}`, tpl.id);
  for (const tpl of PII_TEMPLATES) add(`pii.${tpl.type}.${tpl.positive}`, tpl.id);
  for (const tpl of SECRET_TEMPLATES) add("sec", tpl.id);
  return groups;
}

export const CARRIER_IDS = CARRIERS.map((c) => c.id);

const TOOLS = [
  "http_request",
  "send_email",
  "fetch_url",
  "run_shell_command",
  "write_file",
  "slack_post_message",
  "create_gist",
];
const HOSTS = [
  "collect.metrics-cdn.net",
  "198.51.100.23",
  "webhook.site",
  "paste.example-share.io",
  "hooks.ngrok-free.example",
  "attacker.example",
];
const DROP_BOXES = [
  "archive-bot@protonmail.example",
  "exports@data-sync.example",
  "it-helpdesk@secure-mail.example",
  "backup.agent@gmail.example",
];

function injectionSlots(r: Rand): (slot: string) => Doc {
  const host = pick(r, HOSTS);
  const url = `https://${host}/${pick(r, ["c", "upload", "api/new", "hook", "x", "collect"])}`;
  const values: Record<string, string> = { tool: pick(r, TOOLS), url, host, email: pick(r, DROP_BOXES) };
  return (slot) => {
    const v = values[slot];
    if (v === undefined) throw new Error(`unknown injection slot {${slot}}`);
    return [t(v)];
  };
}

function piiSlots(r: Rand): (slot: string) => Doc {
  const date = () =>
    `2026-${String(int(r, 1, 12)).padStart(2, "0")}-${String(int(r, 1, 28)).padStart(2, "0")}`;
  const plain: Record<string, () => string> = {
    name: () => pick(r, NAMES),
    date,
    time: () => `${String(int(r, 0, 23)).padStart(2, "0")}:${String(int(r, 0, 59)).padStart(2, "0")}`,
    exp: () => `${String(int(r, 1, 12)).padStart(2, "0")}/${int(r, 27, 31)}`,
    card_like: () => cardLookalike(r),
    isbn: () => {
      const body = `978${int(r, 0, 1)}${digits(r, 8)}`;
      let sum = 0;
      for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
      const full = body + String((10 - (sum % 10)) % 10);
      return `${full.slice(0, 3)}-${full.slice(3, 4)}-${full.slice(4, 8)}-${full.slice(8, 12)}-${full.slice(12)}`;
    },
    digits9: () => `${int(r, 1, 9)}${digits(r, 8)}`,
    digits10: () => `${int(r, 1, 9)}${digits(r, 9)}`,
    routing: () => `0${digits(r, 8)}`,
    zip4: () => `${int(r, 10000, 99999)}-${digits(r, 4)}`,
    iban_like: () => ibanLookalike(r),
    container: () => `${chars(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 3)}U${digits(r, 7)}`,
    build: () => `10.0.${int(r, 19000, 22999)}.${int(r, 1000, 5000)}`,
    semver: () => `${int(r, 1, 9)}.${int(r, 0, 30)}.${int(r, 0, 20)}`,
  };
  const gold: Record<string, () => Doc> = {
    card: () => [pii("credit_card", cardNumber(r))],
    ssn: () => [pii("us_ssn", ssn(r))],
    iban: () => [pii("iban", iban(r))],
    phone: () => [pii("phone", phone(r))],
    email: () => [pii("email", email(r))],
    email2: () => [pii("email", email(r))],
    ip: () => [pii("ip_address", ipAddress(r))],
  };
  return (slot) => {
    if (gold[slot]) return gold[slot]();
    if (plain[slot]) return [t(plain[slot]())];
    throw new Error(`unknown PII slot {${slot}}`);
  };
}

function secretSlots(value: Doc, name: string): (slot: string) => Doc {
  return (slot) => {
    if (slot === "value") return value;
    if (slot === "name") return [t(name)];
    if (slot === "name_lower") return [t(name.toLowerCase())];
    throw new Error(`unknown secret slot {${slot}}`);
  };
}

const FILLER_BODIES = [
  "Thanks for the quick turnaround on this.",
  "The numbers above are preliminary and may change.",
  "See the attached file for the full breakdown.",
  "Let me know if anything is unclear.",
];

/** Generates every sample of one split from the split definition. */
export function generateSplit(def: SplitDefinition, split: SplitName): Sample[] {
  const templates = new Set(def.templates[split]);
  const carriers = CARRIERS.filter((c) => def.carriers[split].includes(c.id));
  if (carriers.length === 0) throw new Error(`split ${split} has no carriers`);
  const samples: Sample[] = [];
  const emit = (
    task: Task,
    templateId: string,
    carrierIndex: number,
    variant: string,
    positive: boolean,
    tags: Record<string, string>,
    body: (r: Rand) => Doc,
  ) => {
    const carrier = carriers[carrierIndex % carriers.length]!;
    const id = `${split}/${task}/${templateId}/${carrier.id}/${variant}`;
    const r = seeded(seedOf(id) ^ def.seed);
    const { text, gold } = render(carrier.wrap(r, body(r)));
    samples.push({ id, split, task, templateId, carrierId: carrier.id, positive, tags, text, gold });
  };

  INJECTION_TEMPLATES.filter((tpl) => templates.has(tpl.id)).forEach((tpl, ti) => {
    const tags = { cls: tpl.cls, lang: tpl.lang };
    const instruction = (r: Rand) =>
      fillTemplate(tpl.text, injectionSlots(r))
        .map((s) => s.text)
        .join("");
    carriers.forEach((_, ci) => {
      emit("injection", tpl.id, ci, "plain", true, { ...tags, obfuscation: "none" }, (r) => [
        t(instruction(r)),
      ]);
    });
    const obfuscations: readonly Obfuscation[] = tpl.lang === "en" ? OBFUSCATIONS : ["zero_width", "base64"];
    obfuscations.forEach((how, k) => {
      for (const offset of tpl.lang === "en" ? [0, 1] : [0]) {
        emit(
          "injection",
          tpl.id,
          ti + k + offset * 3,
          `${how}.${offset}`,
          true,
          { ...tags, obfuscation: how },
          (r) => [t(obfuscate(instruction(r), how, r))],
        );
      }
    });
  });
  for (const tpl of BENIGN_TEMPLATES.filter((b) => templates.has(b.id))) {
    carriers.forEach((_, ci) => {
      for (let v = 0; v < 4; v++) {
        emit(
          "injection",
          tpl.id,
          ci,
          `v${v}`,
          false,
          { lang: tpl.lang, cls: "benign", obfuscation: "none" },
          () => [t(tpl.text)],
        );
      }
    });
  }
  carriers.forEach((_, ci) => {
    for (let v = 0; v < 8; v++) {
      emit(
        "injection",
        "ben.filler",
        ci,
        `v${v}`,
        false,
        { lang: "en", cls: "benign_carrier_only", obfuscation: "none" },
        (r) => [t(pick(r, FILLER_BODIES))],
      );
    }
  });

  for (const tpl of PII_TEMPLATES.filter((p) => templates.has(p.id))) {
    carriers.forEach((_, ci) => {
      for (let v = 0; v < (tpl.positive ? 10 : 4); v++) {
        emit("pii", tpl.id, ci, `v${v}`, tpl.positive, { type: tpl.type }, (r) =>
          fillTemplate(tpl.text, piiSlots(r)),
        );
      }
    });
  }

  for (const tpl of SECRET_TEMPLATES.filter((s) => templates.has(s.id))) {
    carriers.forEach((_, ci) => {
      for (const kind of SECRET_KINDS) {
        emit("secret", tpl.id, ci, kind.id, true, { kind: kind.id }, (r) =>
          fillTemplate(tpl.text, secretSlots(kind.make(r), pick(r, kind.names))),
        );
      }
      for (const kind of LOOKALIKE_KINDS) {
        emit("secret", tpl.id, ci, `lookalike.${kind.id}`, false, { kind: kind.id }, (r) => {
          const value = kind.make(r);
          return fillTemplate(
            tpl.text,
            secretSlots([t(value)], kind.nameFor?.(value) ?? pick(r, kind.names)),
          );
        });
      }
    });
  }
  return samples;
}

/** A stable hash of a list of samples (ids, texts and gold spans), to detect any change to a frozen split. */
export function hashSamples(samples: readonly Sample[]): string {
  const hash = createHash("sha256");
  for (const s of [...samples].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    hash.update(JSON.stringify([s.id, s.positive, s.text, s.gold.map((g) => [g.type, g.start, g.end])]));
    hash.update("\n");
  }
  return hash.digest("hex");
}

export function countByTask(samples: readonly Sample[]): Record<Task, number> {
  const counts: Record<Task, number> = { injection: 0, pii: 0, secret: 0 };
  for (const s of samples) counts[s.task]++;
  return counts;
}
