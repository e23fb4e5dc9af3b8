/**
 * The phrase rules' gates and trigger DFA are generated at build time (scripts/build-phrase-gates.ts into
 * src/engine/detectors/injection/phrase-gates.generated.ts). The committed file must hold what the rules give now,
 * and the detector must never read generated data made from other rules (it derives them itself then).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { triggerLiteralsFor } from "../../src/engine/detectors/injection/index.js";
import { PHRASE_GATES } from "../../src/engine/detectors/injection/phrase-gates.generated.js";
import {
  decodeGateData,
  deriveDfa,
  deriveGates,
  encodeGateData,
  ruleGates,
  rulesFingerprint,
  triggerDfa,
} from "../../src/engine/detectors/injection/phrase-gates.js";
import { NON_WORD_BEFORE } from "../../src/engine/detectors/injection/phrase-literals.js";
import { INJECTION_RULES } from "../../src/engine/detectors/injection/rules.js";

describe("generated phrase gates", () => {
  it("hold the gates, the trigger literals and the DFA the rules give now (npm run build:gates after an edit)", () => {
    const data = decodeGateData(PHRASE_GATES);
    const gates = deriveGates(INJECTION_RULES);
    expect(data.fingerprint).toBe(rulesFingerprint(INJECTION_RULES));
    expect(data.gates).toEqual(gates);
    expect(data.literals).toEqual(triggerLiteralsFor(gates));
    expect(data.dfa).toEqual(deriveDfa(data.literals));
    // Unbounded gates survive the encoding (JSON has no Infinity).
    expect(data.gates.some((g) => g?.reach === Number.POSITIVE_INFINITY)).toBe(true);
    expect(decodeGateData(encodeGateData(data))).toEqual(data);
  });

  it("are what the detector reads for these rules, and are not read for edited rules", () => {
    const data = decodeGateData(PHRASE_GATES);
    expect(ruleGates(INJECTION_RULES)).toEqual(data.gates);
    expect(triggerDfa(data.literals)).toEqual(data.dfa);
    // A rule whose `rest` changed: the fingerprint differs, so the gates are derived from the edited rules.
    const edited = INJECTION_RULES.map((rule, i) => (i === 0 ? { ...rule, rest: " zebra quagga" } : rule));
    const gates = ruleGates(edited);
    // "quagga" follows a whitespace run in every match: it is reported only where a word may start.
    expect(gates[0]).toEqual({ literals: ["quagga"], reach: expect.any(Number), sides: NON_WORD_BEFORE });
    expect(gates).toEqual(deriveGates(edited));
    // Another trigger list: its own DFA.
    const other = [...data.literals, "quagga"];
    expect(triggerDfa(other)).toEqual(deriveDfa(other));
  });

  it("pass the build step's staleness check", async () => {
    const { stderr } = await promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      "scripts/build-phrase-gates.ts",
      "--check",
    ]);
    expect(stderr).toBe("");
  }, 60_000);
});
