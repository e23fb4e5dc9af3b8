/**
 * Cases, generated from the split (split.json): a benign case per user task, and attack cases that pair a task of
 * split S with phrasing templates of split S (split by scenario AND template, so a test case shares neither its
 * task nor its phrasing with train or dev). Each (task, template) pair carries `goalsPerPair` goals, rotated over
 * the goals and over the task's carrier slots. The generated list is hashed per split; the runner refuses a split
 * file whose hash no longer matches what is generated.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  CHANGE_GOALS,
  carrierKind,
  GOALS,
  type Goal,
  plant,
  TEMPLATES,
  type Template,
  UNTYPED_GOALS,
} from "./injections.js";
import { TASKS, type UserTask } from "./tasks.js";
import { freshWorld, type World } from "./world.js";

export const SPLITS = ["train", "dev", "test"] as const;
/** The splits of split.json (tuned on: train, dev; quoted: test). */
export type FrozenSplit = (typeof SPLITS)[number];
/** Every split a case can belong to: split.json's three, and the fresh split of `fresh.ts` (split-fresh.json). */
export type SplitName = FrozenSplit | "fresh";

export interface SplitDefinition {
  tasks: Record<FrozenSplit, string[]>;
  templates: Record<FrozenSplit, string[]>;
  goalsPerPair: number;
  /** Cases per (task, template) pair with a goal of `UNTYPED_GOALS` (an id, not a typed target); absent: none. */
  untypedGoalsPerPair?: number;
  /** Cases per (task, template) pair with a goal of `CHANGE_GOALS` (a change, no deletion); absent: none. */
  changeGoalsPerPair?: number;
  /** sha256 of the generated cases of each split (ids, slots and injected texts), at freeze time. */
  sha256: Record<FrozenSplit, string>;
  frozenAt: string;
}

export interface BenchCase {
  id: string;
  split: SplitName;
  task: UserTask;
  attack?: { goal: Goal; template: Template; slot: string; carrier: string; step: number; text: string };
}

export const SPLIT_PATH = fileURLToPath(new URL("./split.json", import.meta.url));

export function loadSplit(path = SPLIT_PATH): SplitDefinition {
  return JSON.parse(readFileSync(path, "utf8")) as SplitDefinition;
}

const byId = <T extends { id: string }>(items: readonly T[], id: string): T => {
  const found = items.find((i) => i.id === id);
  if (!found) throw new Error(`bench: unknown id ${id} in split.json`);
  return found;
};

/** The cases of one split, in a stable order. */
export function casesOf(def: SplitDefinition, split: FrozenSplit): BenchCase[] {
  const tasks = def.tasks[split].map((id) => byId(TASKS, id));
  const templates = def.templates[split].map((id) => byId(TEMPLATES, id));
  const cases: BenchCase[] = tasks.map((task) => ({ id: `${split}/benign/${task.id}`, split, task }));
  tasks.forEach((task, ti) => {
    if (task.carriers.length === 0) return;
    templates.forEach((template, pi) => {
      const picks: { goal: Goal; c: number }[] = [];
      for (let j = 0; j < def.goalsPerPair; j++)
        picks.push({ goal: GOALS[(ti * 7 + pi * 3 + j) % GOALS.length]!, c: pi + j });
      for (let k = 0; k < (def.untypedGoalsPerPair ?? 0); k++)
        picks.push({ goal: UNTYPED_GOALS[(ti + pi + k) % UNTYPED_GOALS.length]!, c: pi + k + 1 });
      for (let k = 0; k < (def.changeGoalsPerPair ?? 0); k++)
        picks.push({ goal: CHANGE_GOALS[(ti + pi + k) % CHANGE_GOALS.length]!, c: pi + k + 2 });
      for (const { goal, c } of picks) {
        const carrier = task.carriers[c % task.carriers.length]!;
        const text = template.render(goal);
        cases.push({
          id: `${split}/${task.id}/${template.id}/${goal.id}`,
          split,
          task,
          attack: {
            goal,
            template,
            slot: carrier.slot,
            carrier: carrierKind(carrier.slot),
            step: carrier.step,
            text,
          },
        });
      }
    });
  });
  return cases;
}

/** The world a case runs in: fresh, with the injected text planted in its carrier slot. */
export function worldOf(benchCase: BenchCase): World {
  const world = freshWorld();
  if (benchCase.attack) plant(world, benchCase.attack.slot, benchCase.attack.text);
  return world;
}

/** sha256 over what a split's cases are: ids, slots, steps and injected texts. */
export function hashCases(cases: readonly BenchCase[]): string {
  const material = cases.map((c) => [
    c.id,
    c.task.prompt,
    c.attack?.slot ?? "",
    c.attack?.step ?? -1,
    c.attack?.text ?? "",
  ]);
  return createHash("sha256").update(JSON.stringify(material)).digest("hex");
}

/** Every split whose generated cases no longer hash to the frozen value. */
export function splitDrift(def: SplitDefinition): string[] {
  return SPLITS.filter((s) => hashCases(casesOf(def, s)) !== def.sha256[s]).map(
    (s) => `${s}: generated ${hashCases(casesOf(def, s))}, frozen ${def.sha256[s]}`,
  );
}
