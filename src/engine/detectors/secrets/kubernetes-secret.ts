import { candidateIndex, MIN_PASS_LENGTH } from "../../scan/candidates.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { isLookalikeSecret } from "./lookalike.js";

/**
 * The values of a Kubernetes Secret manifest (`kind: Secret`): every entry under its `data:` (base64 of the secret)
 * and `stringData:` (the secret itself). Code, not a record: what makes the value a secret is the document it sits in,
 * not its shape. Only YAML's block form is read (`key: value` lines indented under the map); a manifest ends at `---`.
 */

const KIND_SECRET = /^kind:[ \t]*["']?Secret["']?[ \t]*$/gm;
const MAP_START = /^(data|stringData):[ \t]*$/gm;
const ENTRY = /^([ \t]+)[\w.-]{1,253}:[ \t]*(["']?)([^\s"'#][^\s"']{0,4095})\2[ \t]*$/gm;
const DOCUMENT_END = /^---/m;

/** The [start, end) of the YAML document around `at` (between `---` separators). */
function documentAround(text: string, at: number): [number, number] {
  const before = text.lastIndexOf("\n---", at);
  const start = before === -1 ? 0 : before + 4;
  DOCUMENT_END.lastIndex = 0;
  const rest = text.slice(at);
  const end = rest.search(DOCUMENT_END);
  return [start, end === -1 ? text.length : at + end];
}

function reportMap(text: string, from: number, to: number, base64: boolean, out: TextMatch[]): void {
  const entry = ENTRY;
  entry.lastIndex = from;
  let indent: string | undefined;
  for (let m = entry.exec(text); m !== null && m.index < to; m = entry.exec(text)) {
    // The map's entries share the first entry's indentation; a line at another depth ends the map.
    indent ??= m[1]!;
    if (
      m[1] !== indent ||
      text
        .slice(from, m.index)
        .split("\n")
        .some((l) => /^\S/.test(l))
    )
      break;
    const value = m[3]!;
    const start = m.index + m[0].indexOf(value, m[1]!.length);
    if (value.length < 4 || isLookalikeSecret(value)) continue;
    if (base64 && !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) continue;
    out.push({
      kind: "secret",
      type: "kubernetes_secret",
      start,
      end: start + value.length,
      ruleId: "secret.kubernetes_secret",
    });
  }
}

export function createKubernetesSecretDetector(): TextDetector {
  return {
    id: "secret.kubernetes_secret",
    kind: "secret",
    minLength: 24,
    detect(text: string, out: TextMatch[]): void {
      // A long text's answer from the shared pass's lists (the candidate index learns the needle once).
      if (!(text.length >= MIN_PASS_LENGTH ? candidateIndex(text).has("Secret") : text.includes("Secret")))
        return;
      const kind = KIND_SECRET;
      kind.lastIndex = 0;
      for (let k = kind.exec(text); k !== null; k = kind.exec(text)) {
        const [docStart, docEnd] = documentAround(text, k.index);
        const map = MAP_START;
        map.lastIndex = docStart;
        for (let m = map.exec(text); m !== null && m.index < docEnd; m = map.exec(text))
          reportMap(text, m.index + m[0].length, docEnd, m[1] === "data", out);
        kind.lastIndex = Math.max(kind.lastIndex, docEnd);
      }
    },
  };
}
