/** Every passage of the session 23 precision part (see README.md in this folder). */
import type { Passage } from "../passages.js";
import { DOCS } from "./passages-docs.js";
import { EXTRA } from "./passages-extra.js";
import { INTL } from "./passages-intl.js";
import { LOGS } from "./passages-logs.js";
import { MORE } from "./passages-more.js";
import { TRANSCRIPTS } from "./passages-transcripts.js";

export const S23_PASSAGES: readonly Passage[] = [
  ...TRANSCRIPTS,
  ...LOGS,
  ...DOCS,
  ...MORE,
  ...EXTRA,
  ...INTL,
];
