import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import type { TextMatch } from "../../src/engine/types.js";

/** Every built-in secret detector's matches on `text`, secrets only. */
export function secretMatches(text: string): TextMatch[] {
  const out: TextMatch[] = [];
  for (const d of createSecretDetectors()) d.detect(text, out);
  return out.filter((m) => m.kind === "secret");
}

/** Each secret match as [type, the text it covers]. */
export const secretsFound = (text: string): [string, string][] =>
  secretMatches(text).map((m) => [m.type, text.slice(m.start, m.end)]);
