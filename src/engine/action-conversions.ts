/**
 * Conversions between the engine's words for "what to do", each a switch the compiler checks for exhaustiveness
 * (`satisfies never`), so a new name cannot be added to one vocabulary and silently fall through another:
 * - the policy's `Action` (src/engine/rules/actions.ts): what a policy file says to do with a rule's matches;
 * - the scanner's `MatchAction` (src/engine/scan/string-scanner.ts): what the scan does with one match;
 * - a capability rule's `CapabilityAction` (src/engine/policy-types.ts): whether a connector may be called.
 */
import type { CapabilityAction } from "./policy-types.js";
import type { Action } from "./rules/actions.js";
import type { MatchAction } from "./scan/string-scanner.js";

/** The side of a call a check reads: the arguments (`input`) or the tool's result (`output`). */
export type Phase = "input" | "output";

const IGNORE: MatchAction = { do: "ignore" };
const BLOCK: MatchAction = { do: "block" };
const FLAG: MatchAction = { do: "flag", as: "flag" };
const REVIEW: MatchAction = { do: "flag", as: "review" };
const PLACEHOLDER: MatchAction = { do: "replace", strategy: "placeholder" };
const NEUTRALISE: MatchAction = { do: "neutralise" };
const MASK: MatchAction = { do: "replace", strategy: "mask" };
const HASH: MatchAction = { do: "replace", strategy: "hash" };

/** One instance each: a scan plan's decisions are compared by identity (`decided === MATCH_ACTIONS.neutralise`). */
export const MATCH_ACTIONS = {
  ignore: IGNORE,
  block: BLOCK,
  flag: FLAG,
  strip: { do: "strip" } as MatchAction,
  placeholder: PLACEHOLDER,
  neutralise: NEUTRALISE,
} as const;

/**
 * What the scan does with a match of a rule whose policy action is `action` in `phase`. `review` holds the call
 * for a human on arguments (the finding is recorded, the value stands); a result cannot wait for one (the tool
 * already ran, and the model is waiting), so on output a `review` rule blocks: it fails closed. Policy resolution
 * refuses `output: review` written out, so only a setting for both phases (`types`, `rules`, a declared rule's
 * action) reaches here.
 */
export function matchActionOf(action: Action, phase: Phase): MatchAction {
  switch (action) {
    case "neutralise":
      return NEUTRALISE;
    case "redact":
      return PLACEHOLDER;
    case "mask":
      return MASK;
    case "hash":
      return HASH;
    case "block":
      return BLOCK;
    case "flag":
      return FLAG;
    case "review":
      return phase === "input" ? REVIEW : BLOCK;
    case "off":
      return IGNORE;
    default:
      return action satisfies never;
  }
}

/** What a capability rule's action makes of a call: refused, allowed, or allowed once a human approves. */
export function capabilityOutcomeOf(action: CapabilityAction): { allowed: boolean; review: boolean } {
  switch (action) {
    case "allow":
      return { allowed: true, review: false };
    case "review":
      return { allowed: true, review: true };
    case "deny":
      return { allowed: false, review: false };
    default:
      return action satisfies never;
  }
}
