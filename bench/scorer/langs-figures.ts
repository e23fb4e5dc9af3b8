/**
 * `npx tsx bench/scorer/langs-figures.ts [--dir=<checkout>] [--list]`: the dev-only multilingual set
 * (authored-langs.ts) through a checkout's default policy, rules alone and rules + model, by language and by class.
 * An upper bound for the rules of session 20 (written while reading it). `--list` prints the texts the rules get
 * wrong (missed attacks, flagged twins). The set's texts must be readable by any checkout: it is imported from this one.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { LANG_CLASSES, LATIN, langDocs } from "./authored-langs.js";
import { checkoutFlaggers } from "./checkout-flaggers.js";

type Row = { rules: number; both: number; n: number };

function add(map: Map<string, Row>, key: string, rules: boolean, both: boolean): void {
  const row = map.get(key) ?? { rules: 0, both: 0, n: 0 };
  row.rules += rules ? 1 : 0;
  row.both += both ? 1 : 0;
  row.n++;
  map.set(key, row);
}

async function main(): Promise<void> {
  const dir = process.argv.find((a) => a.startsWith("--dir="))?.slice(6) ?? ".";
  const list = process.argv.includes("--list");
  const { rules, "rules + model": both } = await checkoutFlaggers(dir, "langs");
  const byLang = new Map<string, Row>();
  const byClass = new Map<string, Row>();
  const total = new Map<string, Row>();
  for (const doc of langDocs()) {
    const r = await rules!(doc.text);
    const b = await both!(doc.text);
    const label = doc.positive ? "attacks" : "benign";
    const script = LATIN.has(doc.lang) ? "Latin" : "other";
    add(byLang, `${doc.lang} ${label}`, r, b);
    add(byClass, `${doc.cls} ${label} (${script})`, r, b);
    add(total, `${script} ${label}`, r, b);
    if (list && r !== doc.positive)
      console.log(
        `${doc.positive ? "MISSED" : "FLAGGED"} ${doc.lang} ${doc.cls} ${JSON.stringify(doc.text)}`,
      );
  }
  const show = (title: string, map: Map<string, Row>, order: (a: string, b: string) => number) => {
    console.log(`\n${title}: flagged by rules / rules + model`);
    for (const key of [...map.keys()].sort(order)) {
      const { rules: r, both: m, n } = map.get(key)!;
      console.log(`${key.padEnd(26)} ${r} / ${m} of ${n}`);
    }
  };
  console.log(`checkout ${resolve(dir)}`);
  show("total", total, (a, b) => a.localeCompare(b));
  show("by language", byLang, (a, b) => a.localeCompare(b));
  const rank = (k: string) => LANG_CLASSES.indexOf(k.split(" ")[0] as (typeof LANG_CLASSES)[number]);
  show("by class", byClass, (a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
