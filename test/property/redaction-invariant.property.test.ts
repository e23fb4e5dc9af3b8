/**
 * The redaction invariant (issue 8, item 3): every finding whose action rewrites (redact, strip) has its value
 * absent from every string the model can receive, whatever field it sits in: text, JSON text (as a string or a
 * number), structuredContent and _meta values, keys and numbers, mimeType, block annotations and _meta, resource
 * URIs, and a value split across two text blocks. JSON text stays valid JSON.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { readEnvelope } from "../../src/engine/scan/envelope.js";
import { TollgateError } from "../../src/errors.js";
import {
  fakeAwsAccessKey,
  fakeCardNumber,
  fakeGithubToken,
  fakeStripeKey,
} from "../../src/shared/fake-credentials.js";
import type { CallToolResult, Finding, JsonObject } from "../../src/shared/types.js";

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) };
const engines = [
  new LocalPolicyEngine({}, { worker: false }),
  new LocalPolicyEngine({ pii: { output: "mask" }, secrets: { output: "mask" } }, { worker: false }),
  new LocalPolicyEngine(
    { pii: { output: "hash" }, secrets: { output: "hash" }, redaction: { hashKey: "k".repeat(32) } },
    { worker: false },
  ),
];

const filler = fc.string({
  // No digits: a digit next to a planted number makes another number, which is a question for the detectors.
  unit: fc.constantFrom("a", "b", " ", "\n", ".", "-", "{", '"', ":", "é", "\u200b", "@", "x"),
  maxLength: 20,
});

/** Values the default policy rewrites in outputs, built at run time; `digits` ones can also be JSON numbers. */
const planted = fc.constantFrom(
  { make: () => fakeGithubToken("p", 51), digits: false },
  { make: () => fakeAwsAccessKey(52), digits: false },
  { make: () => fakeStripeKey("live", 53), digits: false },
  { make: () => ["jane", ".roe", "@", "example", ".com"].join(""), digits: false },
  { make: () => fakeCardNumber("4", 16, 54), digits: true },
  { make: () => fakeCardNumber("5", 16, 55), digits: true },
  { make: () => ["202", "555", "0143"].join(""), digits: true },
);

type Place =
  | "text"
  | "json-text-string"
  | "json-text-number"
  | "json-text-key"
  | "structured-number"
  | "meta-number"
  | "structured-key"
  | "mime-type"
  | "block-meta"
  | "annotations"
  | "resource-uri"
  | "link-title"
  | "split";
const places: Place[] = [
  "text",
  "json-text-string",
  "json-text-number",
  "json-text-key",
  "structured-number",
  "meta-number",
  "structured-key",
  "mime-type",
  "block-meta",
  "annotations",
  "resource-uri",
  "link-title",
  "split",
];

function plant(value: string, digits: boolean, where: Place, before: string, after: string, cut: number) {
  const around = `${before} ${value} ${after}`;
  const asNumber = digits ? Number(value) : value;
  const content: CallToolResult["content"] = [{ type: "text", text: before }];
  const result: CallToolResult = { content };
  switch (where) {
    case "text":
      content.push({ type: "text", text: around });
      break;
    case "json-text-string":
      content.push({ type: "text", text: JSON.stringify({ note: around, list: [1, around] }, null, 2) });
      break;
    case "json-text-number":
      content.push({ type: "text", text: JSON.stringify({ value: asNumber, note: before }) });
      break;
    case "json-text-key":
      content.push({ type: "text", text: JSON.stringify({ [around]: after }) });
      break;
    case "structured-number":
      result.structuredContent = { nested: [{ value: asNumber }], note: before };
      break;
    case "meta-number":
      result._meta = { value: asNumber };
      break;
    case "structured-key":
      result.structuredContent = { [around]: { x: 1 } };
      break;
    case "mime-type":
      content.push({ type: "image", data: "iVBORw0KGgo=", mimeType: `image/png; note=${value}` });
      break;
    case "block-meta":
      content.push({ type: "text", text: after, _meta: { owner: around } });
      break;
    case "annotations":
      content.push({ type: "text", text: after, annotations: { audience: ["user"], note: around } as never });
      break;
    case "resource-uri":
      content.push({ type: "resource", resource: { uri: `mailto:${value}`, text: after } });
      break;
    case "link-title":
      content.push({ type: "resource_link", uri: "file:///a", name: "a", title: around });
      break;
    case "split": {
      const at = 1 + (cut % (value.length - 1));
      content.push({ type: "text", text: `${before} ${value.slice(0, at)}` });
      content.push({ type: "text", text: `${value.slice(at)} ${after}` });
      break;
    }
  }
  return result;
}

/** Every string the model can receive from a result: values, keys, and numbers by their text. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (typeof value === "number") out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  return out;
}

/** The original string (or number, as text) a finding's path points at, if the path still resolves. */
function at(root: unknown, pointer: string): string | undefined {
  let node: unknown = root;
  for (const raw of pointer.split("/").slice(1)) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return typeof node === "string" ? node : typeof node === "number" ? String(node) : undefined;
}

function rewritten(finding: Finding, original: CallToolResult): string | undefined {
  if (finding.action !== "redact" || finding.start === undefined) return undefined;
  const text = at(original, finding.path);
  return text?.slice(finding.start, finding.end);
}

describe("redaction invariant", () => {
  it("a planted value is absent from every string the model receives, in every field", async () => {
    await fc.assert(
      fc.asyncProperty(
        planted,
        fc.constantFrom(...places),
        filler,
        filler,
        fc.nat(),
        fc.constantFrom(...engines),
        async ({ make, digits }, where, before, after, cut, engine) => {
          // A number whose line goes on with one file name and ends ("2025550143 a.a") is the size `wc -c`, `du` or
          // `ls -s` prints before what it measured, not PII (the phone detector's size rule): no planted value.
          fc.pre(!(digits && /^[ \t]*(?:total|\S*\/\S*|\S+\.[A-Za-z0-9]{1,5})[ \t\r]*(?:\n|$)/.test(after)));
          const value = make();
          const result = plant(value, digits, where, before, after, cut);
          let decision: Awaited<ReturnType<LocalPolicyEngine["checkOutput"]>>;
          try {
            decision = await engine.checkOutput({
              connectorType: "acme.read",
              serverName: "acme",
              toolName: "read",
              callId: "p",
              args: {},
              result,
            });
          } catch (error) {
            if (error instanceof TollgateError) return;
            throw error;
          }
          if (!decision.allowed) return;
          const out = decision.redactedResult ?? result;
          const seen = strings(out);
          for (const s of seen) expect(s, `${where}: value survived`).not.toContain(value);
          if (where === "split") {
            expect(decision.findings.some((f) => f.action === "redact")).toBe(true);
          }
          // Every recorded rewrite with offsets is applied: its value is in no string either.
          for (const f of decision.findings) {
            const cutValue = rewritten(f, result);
            if (cutValue === undefined || cutValue.length < 6) continue;
            for (const s of seen) expect(s, `${f.ruleId} at ${f.path} not applied`).not.toContain(cutValue);
          }
          // JSON text stays valid JSON.
          for (const [i, block] of result.content.entries()) {
            // A JSON document (object or array).
            if (block.type !== "text" || !/^\s*[[{]/.test(block.text)) continue;
            let parses = true;
            try {
              JSON.parse(block.text);
            } catch {
              parses = false;
            }
            if (!parses) continue;
            // Wrapped in the untrusted-content envelope, whose body is the (redacted) JSON.
            const delivered = out.content[i] as { text: string };
            expect(() => JSON.parse(readEnvelope(delivered.text)?.body ?? delivered.text)).not.toThrow();
          }
        },
      ),
      RUNS,
    );
  });

  it("arguments too: a planted PII value is absent from the redacted arguments", async () => {
    const engine = new LocalPolicyEngine({ pii: { input: "placeholder" } }, { worker: false });
    const argPlaces = ["value", "key", "number", "json-text", "nested"] as const;
    await fc.assert(
      fc.asyncProperty(
        planted,
        fc.constantFrom(...argPlaces),
        filler,
        async ({ make, digits }, where, before) => {
          const value = make();
          const around = `${before} ${value}`;
          // Secrets block in arguments (nothing is delivered then); PII is redacted.
          const args: JsonObject =
            where === "value"
              ? { q: around }
              : where === "key"
                ? { [around]: 1 }
                : where === "number"
                  ? { value: digits ? Number(value) : value }
                  : where === "json-text"
                    ? { payload: JSON.stringify({ value: digits ? Number(value) : around }) }
                    : { outer: [{ inner: around }] };
          let decision: Awaited<ReturnType<LocalPolicyEngine["checkInput"]>>;
          try {
            decision = await engine.checkInput({
              connectorType: "acme.send",
              serverName: "acme",
              toolName: "send",
              callId: "p",
              args,
            });
          } catch (error) {
            if (error instanceof TollgateError) return;
            throw error;
          }
          if (!decision.allowed) return;
          for (const s of strings(decision.redactedArgs ?? args)) expect(s, where).not.toContain(value);
        },
      ),
      RUNS,
    );
  });
});
