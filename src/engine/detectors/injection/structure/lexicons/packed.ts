import type { LanguageLexicon } from "../lexicon.js";
import { AR } from "./ar.js";
import { BN } from "./bn.js";
import { DE } from "./de.js";
import { EL } from "./el.js";
import { ES } from "./es.js";
import { FA } from "./fa.js";
import { FR } from "./fr.js";
import { HE } from "./he.js";
import { HI } from "./hi.js";
import { IT } from "./it.js";
import { JA } from "./ja.js";
import { KO } from "./ko.js";
import { PT } from "./pt.js";
import { RU } from "./ru.js";
import { TH } from "./th.js";
import { UK } from "./uk.js";
import { ZH } from "./zh.js";

/**
 * Every lexicon but English (written in ../lexicon.ts), in the order the detector reads them after it: the other
 * Latin-script languages, then those of other scripts. Not imported by the detector: scripts/build-lexicons.ts packs
 * them into ../lexicons.generated.ts, which ../lexicon.ts unpacks (../lexicon-pack.ts: Brotli, and a byte a letter for
 * alphabetic scripts, cost the package less than the same words in the bundle's JavaScript).
 */
export const PACKED_LEXICONS: readonly LanguageLexicon[] = [
  ES,
  DE,
  FR,
  PT,
  IT,
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
