import { FAMILY_DEFAULTS } from "../family-defaults.js";
import type { HookRuleRecord } from "../rule-record.js";

/*
 * The user's own prompt-injection model (`injectionClassifier` engine option, detectors/injection/classifier-hook.ts).
 * Its findings come from the hook, not from the text scan, so the record has no detector; it is in the registry so
 * that `rules: { "injection.classifier": ... }`, `injection.types.classifier`, `tools.<glob>.rules` and
 * `tools.<glob>.injection` set its action the way they set every injection rule's.
 */
export const INJECTION_CLASSIFIER_RULES = [
  {
    id: "injection.classifier",
    kind: "injection",
    type: "classifier",
    family: "injection",
    summary:
      "a text segment of a result that your `injectionClassifier` scores at or over its threshold (runs only when the engine is given one; `neutralise`, `redact`, `mask` and `hash` record a flag, since a segment score has no span to cut)",
    // Results only: the hook is never called on arguments.
    defaults: { input: "off", output: FAMILY_DEFAULTS.injection.output },
    hook: "injectionClassifier",
    validator:
      "your classifier's score (a number in [0, 1]) at or over `threshold`; fails closed by `onError`",
    examples: {
      none: "what it finds is decided by the user's model; test/unit/rule-registry.test.ts runs the hook with a fake classifier to check the findings carry this record's id, kind and type and follow its policy keys",
    },
  },
] as const satisfies readonly HookRuleRecord[];
