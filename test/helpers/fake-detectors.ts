/**
 * Deterministic stand-in detectors for ENGINE tests: the engine is tested around detectors, not through the real
 * ones (which have their own tests). Each is a tiny regex so a test controls exactly what matches where.
 * Use with `vi.mock("../../src/engine/detector-set.js", () => import("../helpers/fake-detectors.js"))`.
 */
import type { DetectorSet } from "../../src/engine/detector-set.js";
import type { ResolvedPolicy } from "../../src/engine/policy.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";
import type { FindingKind } from "../../src/shared/vocabulary.js";

export function regexDetector(
  kind: FindingKind,
  type: string,
  pattern: RegExp,
  ruleId = `${kind}.${type}`,
): TextDetector {
  const re = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  return {
    id: ruleId,
    kind,
    detect(text: string, out: TextMatch[]): void {
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        out.push({ kind, type, start: m.index, end: m.index + m[0].length, ruleId });
      }
    },
  };
}

/** A made-up token format (not any vendor's): `zzfake_` + 10 digits, assembled from pieces. */
export const FAKE_TOKEN_PREFIX = ["zz", "fake", "_"].join("");
export function fakeToken(digits = "0123456789"): string {
  return FAKE_TOKEN_PREFIX + digits;
}

/** Greedy key: `KEY=` then anything but space or comma, so inside JSON text it runs over the closing quote. */
export const GREEDY_KEY = ["K", "EY="].join("");

export function fakeDetectorSet(): DetectorSet {
  const lists = {
    sanitizers: [
      regexDetector("control", "zero_width", /\u200b+/),
      regexDetector("markup", "chat_template", /<\|im_start\|>/),
    ],
    pii: [
      regexDetector("pii", "email", /[a-z]+@[a-z]+\.test/),
      regexDetector("pii", "phone", /\b555-\d{4}\b/),
    ],
    secrets: [
      regexDetector("secret", "fake_token", new RegExp(`${FAKE_TOKEN_PREFIX}\\d{10}`)),
      regexDetector("secret", "greedy_key", new RegExp(`${GREEDY_KEY}[^\\s,]+`)),
    ],
    injection: [regexDetector("injection", "override_instructions", /ignore previous instructions/i)],
    hazards: [
      regexDetector("hazard", "sql_injection", /' OR 1=1/, "hazard.sql_injection.tautology"),
      regexDetector("hazard", "dangerous_sql", /DROP TABLE/, "hazard.dangerous_sql.drop"),
      regexDetector("hazard", "shell_rm", /rm -rf/, "hazard.shell_danger.recursive_delete"),
      regexDetector("hazard", "path_traversal", /(?:\.\.\/)+/, "hazard.path_traversal.dot_dot"),
      regexDetector("hazard", "ssrf_metadata", /169\.254\.169\.254/, "hazard.ssrf.cloud_metadata"),
      regexDetector("hazard", "mystery", /\bmystery_hazard\b/, "hazard.mystery"),
    ],
  };
  const family = { pii: "pii", secret: "secrets", injection: "injection", hazard: "inputHazards" } as const;
  const content = [...lists.secrets, ...lists.pii, ...lists.injection, ...lists.hazards];
  return {
    ...lists,
    custom: [],
    entries: content.map((detector) => ({
      detector,
      ruleIds: [detector.id],
      family: family[detector.kind as keyof typeof family],
    })),
  };
}

export function createDetectorSet(_policy: ResolvedPolicy): DetectorSet {
  return fakeDetectorSet();
}
