/**
 * The hand-authored entries in their frozen order, with ids, and their serialisation: what build.ts wrote to
 * ../samples.json once. The integrity test rebuilds it and compares bytes, so the authoring sources stay the audit
 * trail of the frozen file.
 */
import { ATTACKS_INTL } from "./attacks-intl.js";
import { ATTACKS_NAMED } from "./attacks-named.js";
import { ATTACKS_ORDINARY } from "./attacks-ordinary.js";
import { BENIGN_EN_1 } from "./benign-en-1.js";
import { BENIGN_EN_2 } from "./benign-en-2.js";
import { BENIGN_ENCODED } from "./benign-encoded.js";
import { BENIGN_INTL } from "./benign-intl.js";
import { buildObfuscated } from "./obfuscate.js";
import type { Authored } from "./types.js";

export type Sample = Authored & { id: string };

export function authoredSamples(): { attacks: Authored[]; benign: Authored[]; samples: Sample[] } {
  const attacks = [...ATTACKS_NAMED, ...ATTACKS_ORDINARY, ...ATTACKS_INTL, ...buildObfuscated()];
  const benign = [...BENIGN_EN_1, ...BENIGN_EN_2, ...BENIGN_INTL, ...BENIGN_ENCODED];
  const samples = [
    ...attacks.map((s, i) => ({ id: `hv3-a${String(i + 1).padStart(3, "0")}`, ...s })),
    ...benign.map((s, i) => ({ id: `hv3-b${String(i + 1).padStart(3, "0")}`, ...s })),
  ];
  if (new Set(samples.map((s) => s.text)).size !== samples.length)
    throw new Error("two samples have the same text");
  return { attacks, benign, samples };
}

export const serialiseSamples = (samples: readonly Sample[]) => `${JSON.stringify(samples, null, 2)}\n`;
