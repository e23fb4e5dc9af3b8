import type { LanguageLexicon } from "../lexicon.js";
import { AR } from "./ar.js";
import { BN } from "./bn.js";
import { EL } from "./el.js";
import { FA } from "./fa.js";
import { HE } from "./he.js";
import { HI } from "./hi.js";
import { JA } from "./ja.js";
import { KO } from "./ko.js";
import { RU } from "./ru.js";
import { TH } from "./th.js";
import { UK } from "./uk.js";
import { ZH } from "./zh.js";

/**
 * The lexicons of languages written outside the Latin script, in the order the detector reads them (after the Latin
 * ones). Not imported by the detector: scripts/build-lexicons.ts packs them into ../lexicons.generated.ts, which
 * ../lexicon.ts unpacks (their UTF-8 text costs the package about a fifth less as Brotli than in the bundle's gzip).
 */
export const OTHER_SCRIPT_LEXICONS: readonly LanguageLexicon[] = [
  RU,
  ZH,
  JA,
  UK,
  KO,
  AR,
  HI,
  FA,
  HE,
  EL,
  TH,
  BN,
];
