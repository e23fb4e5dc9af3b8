import { seededRandom } from "../../../shared/fake-credentials.js";
import { base62Crc32 } from "./checksums.js";
import { lengthRange, type TokenForm, type TokenSpec } from "./token-spec.js";

/**
 * Examples derived from a record's forms, built at test time so that no credential-shaped literal sits in the
 * repository: a positive per form (a random body of the form's alphabet and length, its checksum where it has one,
 * in an assignment naming the vendor where the form needs context) and the near misses the detector must leave alone
 * (a placeholder body, a token glued into a longer word, a body one character short).
 */

/** The characters of a character-class source such as `A-Za-z0-9_-`. */
export function expandAlphabet(source: string): string {
  let out = "";
  for (let i = 0; i < source.length; i++) {
    let c = source[i]!;
    if (c === "\\" && i + 1 < source.length) c = source[++i]!;
    if (source[i + 1] === "-" && i + 2 < source.length) {
      const end = source.charCodeAt(i + 2);
      for (let k = c.charCodeAt(0); k <= end; k++) out += String.fromCharCode(k);
      i += 2;
    } else out += c;
  }
  return out;
}

/** A random string of `length` characters of `alphabet`, holding each of upper, lower and digit it can. */
export function randomBody(length: number, alphabet: string, seed: number): string {
  const next = seededRandom(seed);
  const needs = [/[A-Z]/, /[a-z]/, /\d/].filter((re) => re.test(alphabet));
  for (;;) {
    let s = "";
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    if (length < 6 || needs.every((re) => re.test(s))) return s;
  }
}

export type BodyExample = (random: (length: number, alphabet: string) => string) => string;

type ExampleForm = TokenForm & { example?: BodyExample; leadExample?: BodyExample };

/** The characters before the literal of a form with a lead: its own builder, else random of its alphabet. */
function leadFor(form: ExampleForm, seed: number, placeholder = false): string {
  if (form.lead === undefined) return "";
  const length = typeof form.lead.length === "number" ? form.lead.length : form.lead.length[0];
  if (placeholder) return "x".repeat(length);
  let n = seed + 3;
  const random = (l: number, alphabet: string) => randomBody(l, expandAlphabet(alphabet), n++);
  return form.leadExample ? form.leadExample(random) : random(length, form.lead.alphabet);
}

/** A body that satisfies the form: the form's own builder when its shape needs one, else random. */
function bodyFor(form: ExampleForm, seed: number): string {
  let n = seed;
  const random = (length: number, alphabet: string) => randomBody(length, expandAlphabet(alphabet), n++);
  if (form.example) return form.example(random);
  const [min, max] = lengthRange(form);
  const length = Math.min(max, Math.max(min, 40));
  if (form.checksum === "crc32-base62") {
    const data = random(length - 6, form.alphabet);
    return data + base62Crc32(data);
  }
  return random(length, form.alphabet);
}

/** How a token of the form is written in an example: after its vendor's name where the form needs context. */
function inContext(form: TokenForm, token: string, spec: TokenSpec): string {
  if (form.keyed !== undefined) return `${form.keyed[0]!.toUpperCase()}_KEY = "${token}"`;
  const word = (form.context ?? spec.context)?.require?.[0];
  if (word !== undefined) return `${word}_token: ${token}`;
  return `value=${token} rotated`;
}

export function positiveExamples(spec: TokenSpec, seed: number): (() => string)[] {
  return spec.forms.map((form, i) => () => {
    const prefix = form.prefixes[0] ?? "";
    return inContext(form, leadFor(form, seed + i * 7) + prefix + bodyFor(form, seed + i * 7), spec);
  });
}

export function negativeExamples(spec: TokenSpec, seed: number): (() => string)[] {
  const out: (() => string)[] = [];
  spec.forms.forEach((form, i) => {
    const lead = leadFor(form, seed + i * 7);
    const prefix = lead + (form.prefixes[0] ?? "");
    const [min, max] = lengthRange(form);
    const body = () => bodyFor(form, seed + i * 7);
    // A placeholder: the body (and any lead) one repeated character.
    out.push(() =>
      inContext(
        form,
        leadFor(form, 0, true) + (form.prefixes[0] ?? "") + "x".repeat(Math.min(max, Math.max(min, 40))),
        spec,
      ),
    );
    // One character short (a shape with a fixed layout is short by construction too).
    if (min > 1 && form.shape === undefined)
      out.push(() => inContext(form, prefix + body().slice(0, min - 1), spec));
    // Glued into a longer word.
    if (form.glued !== false && prefix !== "") out.push(() => inContext(form, `Z${prefix}${body()}`, spec));
    // A form that requires context words, without them: the context is applied, not documentation.
    if (form.keyed === undefined && (form.context ?? spec.context)?.require !== undefined)
      out.push(() => `value=${prefix}${body()} rotated`);
  });
  return out;
}
