/**
 * Intent binding (policy `intentBinding: on`; docs/containment.md): a sink call's tool-supplied target, or the data
 * it carries, counts as the user's when the user designated it in this turn, so argument provenance and data
 * leaving do not put it to a human. A target value is bound when:
 *   (a) the user's last message asks for the sink's kind of effect (send, pay, invite, open, share, delete,
 *       schedule, write: src/shared/intent.ts);
 *   (b) it came from a result the user designated: a call whose arguments the user's words point at (the query,
 *       path, channel or name the user said; a whole address or URL only when the user typed it), or a record of a
 *       result (a line, an entry, a JSON object) that holds a name the user said;
 *   (c) the call's values of that kind from that scope are ALL the values of that kind there (one recipient in the
 *       e-mail asked about; both participants of the named meeting): a second, planted one makes it ambiguous;
 *   (d) that result carries no injection finding.
 * The call's data (secrets, PII, passages) is bound when (a) holds, every piece came from a result the user's words
 * pointed at, with (d), and every target of the call is the user's (typed, or from a trusted source). A result
 * reached through an address a tool supplied (a page fetched from a link in another result) is never designated. Hashes only: nothing here
 * sees a value of the thread in clear, only the call's own arguments.
 */
import type { EffectFamily } from "../../shared/intent.js";
import { toolEffect } from "../../shared/intent.js";
import type { ProvenanceFacts, ToolOutputFacts, ValueFact } from "../../shared/provenance.js";
import type { ArgumentValue } from "./argument-values.js";
import { labelOf, type RuleHit, type Sources, sourceName } from "./flow-rules.js";
import { BINDABLE_KINDS } from "./intent-facts.js";
import { nameWords } from "./sinks.js";

/** A hit the user's intent lets through: recorded (flagged), not reviewed. */
export interface BoundNote {
  path: string;
  message: string;
}

export interface BindingResult {
  kept: RuleHit[];
  notes: BoundNote[];
}

interface Designation {
  pointed: boolean;
  /** Indices of the output's records that hold a name the user said. */
  named: Set<number>;
}

interface Context {
  words: Set<string>;
  names: Set<string>;
  /** Whether the user typed a hash (the set is built on first use: most pointers are words, not values). */
  userHas: (h: string) => boolean;
  /** Untrusted outputs carrying each hash the call cares about. */
  carriers: Map<string, ToolOutputFacts[]>;
  designations: Map<ToolOutputFacts, Designation>;
}

type TargetBinding = { bound: true; via: ToolOutputFacts; named: boolean } | { bound: false; among?: number };

function designationOf(output: ToolOutputFacts, ctx: Context): Designation {
  let found = ctx.designations.get(output);
  if (found) return found;
  const pointers = output.pointers ?? [];
  // A result reached through an address a tool supplied (a page fetched from a link in a result) is never
  // designated, by its call or by its records: the attacker may have written both the link and the page.
  if (pointers.some((p) => p.h !== undefined && !ctx.userHas(p.h))) {
    found = { pointed: false, named: new Set() };
    ctx.designations.set(output, found);
    return found;
  }
  const pointed = pointers.some((p) => {
    if (p.h !== undefined) return true;
    const words = p.words ?? [];
    const overlap = words.filter((w) => ctx.words.has(w)).length;
    return overlap >= 1 && overlap * 2 >= words.length;
  });
  const named = new Set<number>();
  (output.records ?? []).forEach((record, i) => {
    if (record.some((w) => ctx.names.has(w))) named.add(i);
  });
  found = { pointed, named };
  ctx.designations.set(output, found);
  return found;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((h) => b.has(h));
}

/** (b)-(d) for one target value and one output carrying it. */
function bindInOutput(
  target: ArgumentValue,
  targets: readonly ArgumentValue[],
  output: ToolOutputFacts,
  ctx: Context,
): TargetBinding {
  if (output.injection.length > 0) return { bound: false };
  const ofKind: ValueFact[] = output.values.filter((v) => v.kind === target.kind);
  const inOutput = new Set(ofKind.map((v) => v.h));
  const taken = new Set(targets.filter((t) => t.kind === target.kind && inOutput.has(t.h)).map((t) => t.h));
  const designation = designationOf(output, ctx);
  const scopes: { hashes: Set<string>; named: boolean }[] = [];
  if (designation.pointed) scopes.push({ hashes: inOutput, named: false });
  if (designation.named.size > 0) {
    const near = ofKind.filter((v) => (v.r ?? []).some((i) => designation.named.has(i)));
    scopes.push({ hashes: new Set(near.map((v) => v.h)), named: true });
  }
  let among: number | undefined;
  for (const scope of scopes) {
    if (!scope.hashes.has(target.h)) continue;
    if (sameSet(scope.hashes, taken)) return { bound: true, via: output, named: scope.named };
    among = Math.max(among ?? 0, scope.hashes.size);
  }
  return among === undefined ? { bound: false } : { bound: false, among };
}

function bindTarget(target: ArgumentValue, targets: readonly ArgumentValue[], ctx: Context): TargetBinding {
  if (!BINDABLE_KINDS.has(target.kind)) return { bound: false };
  let best: TargetBinding = { bound: false };
  for (const output of ctx.carriers.get(target.h) ?? []) {
    const binding = bindInOutput(target, targets, output, ctx);
    if (binding.bound) return binding;
    if (binding.among !== undefined) best = binding;
  }
  return best;
}

/** (b) and (d) for one piece of data: some clean output the user pointed at carried it. */
function dataDesignated(value: ArgumentValue, ctx: Context): ToolOutputFacts | undefined {
  return (ctx.carriers.get(value.h) ?? []).find(
    (output) => output.injection.length === 0 && designationOf(output, ctx).pointed,
  );
}

function lazySet(items: () => string[]): (h: string) => boolean {
  let set: Set<string> | undefined;
  return (h) => {
    set ??= new Set(items());
    return set.has(h);
  };
}

function contextOf(provenance: ProvenanceFacts, sources: Sources): Context | undefined {
  const intent = provenance.intent;
  if (!intent) return undefined;
  return {
    words: new Set(intent.words),
    names: new Set(intent.names),
    userHas: lazySet(() => provenance.user.map((fact) => fact.h)),
    carriers: sources.carriers,
    designations: new Map(),
  };
}

const PLURAL: Record<string, string> = {
  email: "e-mail addresses",
  url: "URLs",
  host: "hosts",
  iban: "IBANs",
  account: "account numbers",
  phone: "phone numbers",
  path: "paths",
};

function targetNote(hit: RuleHit, binding: TargetBinding & { bound: true }, effect: EffectFamily): BoundNote {
  const label = labelOf(hit.value!);
  const how = binding.named ? "next to a name you gave, in" : "from";
  return {
    path: hit.path,
    message: `${label} at ${hit.path || "/"} came ${how} ${sourceName(binding.via)}, which you asked about (you asked to ${effect})`,
  };
}

/**
 * Data binding: every piece of tool data came from a clean result the user's words pointed at, and either every
 * target is the user's (typed, trusted), or every target is the user's or bound (`allBound`), no piece is a
 * passage, and each piece came from the result that bound a target (the bill's reference goes with its IBAN; a
 * result's whole text to the only address in it does not). Returns the note, or undefined when not bound.
 */
function bindData(
  values: { targets: readonly ArgumentValue[]; data: readonly ArgumentValue[]; sources: Sources },
  ctx: Context,
  boundVia: ReadonlySet<ToolOutputFacts>,
  allBound: boolean,
): string | undefined {
  const { targets, data, sources } = values;
  const tooling = data.filter((v) => sources.source.has(v.h) && !sources.owned.has(v.h));
  const from = tooling.map((v) => dataDesignated(v, ctx));
  if (!from.every((o) => o !== undefined)) return undefined;
  const named = [...new Set(from.map((o) => sourceName(o!)))].join(", ");
  if (targets.every((t) => sources.owned.has(t.h)))
    return `the data the call carries came from ${named}, which you asked about, to a destination you gave`;
  const withTarget = tooling.every(
    (v) => v.kind !== "passage" && (ctx.carriers.get(v.h) ?? []).some((o) => boundVia.has(o)),
  );
  if (!allBound || boundVia.size === 0 || !withTarget) return undefined;
  return `the data the call carries came from ${named}, the result its target came from`;
}

/**
 * Applies intent binding to the provenance hits of one sink call: bound hits become notes, the others stay (their
 * review reason says why binding did not apply, where that helps the human).
 */
export function bindIntent(
  call: { toolName: string; connectorType: string },
  provenance: ProvenanceFacts,
  hits: readonly RuleHit[],
  values: { targets: readonly ArgumentValue[]; data: readonly ArgumentValue[]; sources: Sources },
): BindingResult {
  const relevant = hits.filter((h) => h.rule === "argumentProvenance" || h.rule === "dataLeaving");
  if (relevant.length === 0 || !provenance.intent) return { kept: [...hits], notes: [] };
  const effect = toolEffect(nameWords(call.toolName || call.connectorType));
  if (effect === undefined || !provenance.intent.effects.includes(effect))
    return { kept: [...hits], notes: [] };
  const { targets } = values;
  // `sources` was computed for every hash of the targets and data, so its carriers are the ones binding needs.
  const ctx = contextOf(provenance, values.sources)!;
  const kept: RuleHit[] = [];
  const notes: BoundNote[] = [];
  const boundVia = new Set<ToolOutputFacts>();
  for (const hit of hits) {
    if (hit.rule !== "argumentProvenance" || !hit.value) continue;
    const binding = bindTarget(hit.value, targets, ctx);
    if (binding.bound) {
      boundVia.add(binding.via);
      notes.push(targetNote(hit, binding, effect));
    } else if (binding.among !== undefined) {
      const kinds = PLURAL[hit.value.kind] ?? "values";
      kept.push({ ...hit, reason: `${hit.reason} (it is one of ${binding.among} ${kinds} there)` });
    } else kept.push(hit);
  }
  const dataHits = hits.filter((h) => h.rule === "dataLeaving");
  const note = dataHits.length > 0 ? bindData(values, ctx, boundVia, kept.length === 0) : undefined;
  if (note) notes.push({ path: "", message: `${note} (you asked to ${effect})` });
  else kept.push(...dataHits);
  kept.push(...hits.filter((h) => h.rule !== "argumentProvenance" && h.rule !== "dataLeaving"));
  return { kept, notes };
}
