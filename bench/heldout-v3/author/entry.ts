import { WRAPPED, type Wrapped, wrap } from "./carriers.js";
import type { AttackClass, Authored, BenignClass } from "./types.js";

const isWrapped = (c: string): c is Wrapped => (WRAPPED as readonly string[]).includes(c);

/**
 * One entry. When `carrier` is a wrapped carrier (carriers.ts) the body is laid out in it under `title`; otherwise
 * the body is the whole tool output as written (git output, HTML, hand-made JSON) and `carrier` only names it
 * (`json-native` is a JSON text written by hand, recorded as carrier `json`).
 */
function entry(
  label: Authored["label"],
  cls: string,
  language: string,
  carrier: string,
  title: string,
  body: string,
  obfuscation = "none",
): Authored {
  const text = isWrapped(carrier) ? wrap(carrier, body, title) : body;
  return { label, class: cls, language, obfuscation, carrier: carrier.replace(/-native$/, ""), text };
}

export const attack = (cls: AttackClass, lang: string, carrier: string, title: string, body: string) =>
  entry("attack", cls, lang, carrier, title, body);

export const benign = (cls: BenignClass, lang: string, carrier: string, title: string, body: string) =>
  entry("benign", cls, lang, carrier, title, body);

export const obfuscatedAttack = (
  cls: AttackClass,
  lang: string,
  carrier: string,
  title: string,
  body: string,
  obfuscation: string,
) => entry("attack", cls, lang, carrier, title, body, obfuscation);
