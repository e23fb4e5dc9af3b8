/**
 * PII values in the formats real data uses, each valid by its own rules (Luhn for cards, mod-97 for IBANs, SSA rules
 * for SSNs, numbering plans for phones), plus look-alikes that fail those rules. Card numbers are built from a brand
 * prefix and random digits at run time: no card-shaped literal sits in the repository.
 */
import { chars, digits, int, pick, type Rand } from "./rand.js";

export function luhnComplete(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return partial + String((10 - (sum % 10)) % 10);
}

export function luhnValid(number: string): boolean {
  return luhnComplete(number.slice(0, -1)) === number;
}

interface Brand {
  id: string;
  prefixes: readonly string[];
  length: number;
  groups: readonly number[];
}

/** Brand prefixes and the grouping each brand prints its numbers in. */
export const CARD_BRANDS: readonly Brand[] = [
  { id: "visa16", prefixes: ["4"], length: 16, groups: [4, 4, 4, 4] },
  { id: "visa13", prefixes: ["4"], length: 13, groups: [4, 3, 3, 3] },
  {
    id: "mastercard",
    prefixes: ["51", "52", "53", "54", "55", "2221", "2500", "2720"],
    length: 16,
    groups: [4, 4, 4, 4],
  },
  { id: "amex", prefixes: ["34", "37"], length: 15, groups: [4, 6, 5] },
  { id: "diners", prefixes: ["36", "300", "305"], length: 14, groups: [4, 6, 4] },
  { id: "discover", prefixes: ["6011", "65", "644"], length: 16, groups: [4, 4, 4, 4] },
  { id: "jcb", prefixes: ["3528", "3566", "3589"], length: 16, groups: [4, 4, 4, 4] },
  { id: "unionpay19", prefixes: ["62"], length: 19, groups: [6, 13] },
  { id: "maestro12", prefixes: ["6759", "5018"], length: 12, groups: [4, 4, 4] },
];

/** Separators seen between digit groups: none, space, dash, dot, NBSP, thin space, en dash. */
export const CARD_SEPARATORS = ["", " ", "-", ".", "\u00a0", "\u2009", "\u2013"] as const;

function group(number: string, groups: readonly number[], sep: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const g of groups) {
    parts.push(number.slice(at, at + g));
    at += g;
  }
  return parts.join(sep);
}

export function cardNumber(
  rand: Rand,
  brand = pick(rand, CARD_BRANDS),
  sep = pick(rand, CARD_SEPARATORS),
): string {
  const prefix = pick(rand, brand.prefixes);
  const number = luhnComplete(prefix + digits(rand, brand.length - prefix.length - 1));
  return group(number, brand.groups, sep);
}

/** A card-shaped number of a brand's length and grouping whose Luhn check fails. */
export function cardLookalike(rand: Rand): string {
  const brand = pick(
    rand,
    CARD_BRANDS.filter((b) => b.length >= 15),
  );
  const prefix = pick(rand, brand.prefixes);
  const valid = luhnComplete(prefix + digits(rand, brand.length - prefix.length - 1));
  const broken = valid.slice(0, -1) + String((Number(valid.at(-1)) + int(rand, 1, 9)) % 10);
  return group(broken, brand.groups, pick(rand, [" ", "-", ""]));
}

/** An SSN that follows the SSA rules (area not 000, 666 or 9xx; group not 00; serial not 0000). */
export function ssn(rand: Rand, sep = pick(rand, ["-", " ", ".", ""])): string {
  let area = int(rand, 1, 899);
  if (area === 666) area = 667;
  const a = String(area).padStart(3, "0");
  const g = String(int(rand, 1, 99)).padStart(2, "0");
  const s = String(int(rand, 1, 9999)).padStart(4, "0");
  return [a, g, s].join(sep);
}

/** BBAN shapes per country: n = digits, a = upper-case letters, c = alphanumerics. */
const IBAN_FORMATS: Record<string, string> = {
  DE: "8n10n",
  GB: "4a6n8n",
  FR: "5n5n11c2n",
  ES: "4n4n2n10n",
  IT: "1a5n5n12c",
  NL: "4a10n",
  BE: "3n7n2n",
  CH: "5n12c",
  PL: "8n16n",
  AT: "5n11n",
  IE: "4a6n8n",
  PT: "4n4n11n2n",
  SE: "3n17n",
};

function bban(rand: Rand, format: string): string {
  let out = "";
  for (const m of format.matchAll(/(\d+)([nac])/g)) {
    const n = Number(m[1]);
    const alphabet =
      m[2] === "n"
        ? "0123456789"
        : m[2] === "a"
          ? "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
          : "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    out += chars(rand, alphabet, n);
  }
  return out;
}

function mod97(text: string): number {
  const numeric = text.toUpperCase().replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let r = 0;
  for (const d of numeric) r = (r * 10 + Number(d)) % 97;
  return r;
}

function ibanElectronic(rand: Rand, country: string): string {
  const b = bban(rand, IBAN_FORMATS[country]!);
  const check = String(98 - mod97(`${b}${country}00`)).padStart(2, "0");
  return `${country}${check}${b}`;
}

function printFormat(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}

/** A mod-97-valid IBAN of a random country, in print format (groups of four) or electronic format. */
export function iban(rand: Rand): string {
  const value = ibanElectronic(rand, pick(rand, Object.keys(IBAN_FORMATS)));
  return rand() < 0.6 ? printFormat(value) : value;
}

/** An IBAN-shaped string whose check digits are wrong. */
export function ibanLookalike(rand: Rand): string {
  const valid = ibanElectronic(rand, pick(rand, Object.keys(IBAN_FORMATS)));
  const check = Number(valid.slice(2, 4));
  const wrong = String(((check - 2 + int(rand, 1, 90)) % 97) + 2).padStart(2, "0");
  const value = `${valid.slice(0, 2)}${wrong}${valid.slice(4)}`;
  return rand() < 0.5 ? printFormat(value) : value;
}

/** Phone numbers in the national and international formats of several numbering plans (real area codes). */
export function phone(rand: Rand): string {
  const n = (k: number) => digits(rand, k);
  const exch = () => `${int(rand, 2, 9)}${int(rand, 0, 9)}${int(rand, 1, 9)}`;
  const area = () => pick(rand, ["212", "415", "312", "617", "206", "303", "512", "646", "213", "404"]);
  switch (int(rand, 0, 13)) {
    case 0:
      return `(${area()}) ${exch()}-${n(4)}`;
    case 1:
      return `${area()}-${exch()}-${n(4)}`;
    case 2:
      return `${area()}.${exch()}.${n(4)}`;
    case 3:
      return `+1 ${area()} ${exch()} ${n(4)}`;
    case 4:
      return `1-${area()}-${exch()}-${n(4)}`;
    case 5:
      return `+44 20 7${n(3)} ${n(4)}`;
    case 6:
      return `07${int(rand, 4, 9)}${n(2)} ${n(6)}`;
    case 7:
      return `+49 30 ${n(8)}`;
    case 8:
      return `0151 ${n(8)}`;
    case 9:
      return `+33 1 ${n(2)} ${n(2)} ${n(2)} ${n(2)}`;
    case 10:
      return `06 ${n(2)} ${n(2)} ${n(2)} ${n(2)}`;
    case 11:
      return `+34 91${int(rand, 2, 9)} ${n(3)} ${n(3)}`;
    case 12:
      return `+81 3-${n(4)}-${n(4)}`;
    default:
      return `+55 11 9${int(rand, 6, 9)}${n(3)}-${n(4)}`;
  }
}

const FIRST = [
  "maria",
  "james",
  "li",
  "fatima",
  "olga",
  "diego",
  "aisha",
  "tom",
  "priya",
  "lukas",
  "chloe",
  "kenji",
];
const LAST = [
  "garcia",
  "smith",
  "wang",
  "haddad",
  "petrova",
  "rossi",
  "okafor",
  "nguyen",
  "sharma",
  "becker",
];
const DOMAINS = [
  "gmail.com",
  "outlook.com",
  "acme-corp.com",
  "mail.example.org",
  "uni-hamburg.de",
  "fastmail.fm",
  "company.co.uk",
  "startup.io",
  "dept.gov.example",
  "yahoo.co.jp",
];

export function email(rand: Rand): string {
  const f = pick(rand, FIRST);
  const l = pick(rand, LAST);
  const d = pick(rand, DOMAINS);
  switch (int(rand, 0, 5)) {
    case 0:
      return `${f}.${l}@${d}`;
    case 1:
      return `${f[0]}${l}${int(rand, 1, 99)}@${d}`;
    case 2:
      return `${f}+${pick(rand, ["billing", "news", "gh", "test"])}@${d}`;
    case 3:
      return `${f[0]!.toUpperCase()}${f.slice(1)}.${l[0]!.toUpperCase()}${l.slice(1)}@${d}`;
    case 4:
      return `${f}_${l}@${d}`;
    default:
      return `${l}-${f}@${d}`;
  }
}

export function ipAddress(rand: Rand): string {
  const o = () => int(rand, 1, 254);
  const h = () => int(rand, 0, 0xffff).toString(16);
  switch (int(rand, 0, 4)) {
    case 0:
      return `${pick(rand, [10, 172, 192])}.${o()}.${o()}.${o()}`;
    case 1:
    case 2:
      return `${int(rand, 11, 223)}.${o()}.${o()}.${o()}`;
    case 3:
      return `2001:db8:${h()}:${h()}::${h()}`;
    default:
      return `${pick(rand, ["2a03", "2606", "2001", "2804"])}:${h()}:${h()}:${h()}:${h()}:${h()}:${h()}:${h()}`;
  }
}

export const NAMES = FIRST.map(
  (f, i) =>
    `${f[0]!.toUpperCase()}${f.slice(1)} ${LAST[i % LAST.length]![0]!.toUpperCase()}${LAST[i % LAST.length]!.slice(1)}`,
);
