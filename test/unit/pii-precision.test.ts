/**
 * PII precision on real servers' output (issue 16, part 3): numbers that are timestamps or identifiers by their key
 * or their range, file names with `@2x`, short cards, and every finding keeping its offsets.
 */
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { fakeCardNumber, fakeIban } from "../../src/shared/fake-credentials.js";
import type { CallToolResult, Finding } from "../../src/shared/types.js";

const engine = new LocalPolicyEngine({}, { worker: false });
const base = { connectorType: "acme.read", serverName: "acme", toolName: "read", callId: "c1", args: {} };

async function check(result: CallToolResult) {
  return engine.checkOutput({ ...base, result });
}

async function textPii(text: string): Promise<{ type: string; text: string }[]> {
  const decision = await check({ content: [{ type: "text", text }] });
  return decision.findings
    .filter((f) => f.kind === "pii")
    .map((f) => ({ type: f.type, text: f.start === undefined ? "?" : text.slice(f.start, f.end) }));
}

function pii(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.kind === "pii");
}

describe("timestamps and identifiers are not phone numbers", () => {
  it("keeps a Unix timestamp under `timestamp` a number in structuredContent", async () => {
    const structured = { commit: { timestamp: 1790928000, sha: "abc" } };
    const d = await check({
      content: [{ type: "text", text: JSON.stringify(structured) }],
      structuredContent: structured,
    });
    expect(pii(d.findings)).toEqual([]);
    // Nothing redacted: the number stays a number, the text keeps its digits.
    const out = (d.redactedResult ?? {}) as { structuredContent?: unknown; content?: { text: string }[] };
    expect(out.structuredContent ?? structured).toEqual(structured);
    expect(out.content?.[0]?.text ?? "1790928000").toContain('"timestamp":1790928000');
  });

  for (const key of [
    "timestamp",
    "created_at",
    "updatedAt",
    "commit_time",
    "id",
    "user_id",
    "repoId",
    "ts",
    "mtime",
    "expires",
  ]) {
    it(`keeps ${key}: <epoch seconds or ms>`, async () => {
      for (const n of [1790928000, 1790928000123, 1612345678]) {
        const doc = JSON.stringify({ [key]: n });
        expect(await textPii(doc), `${key}: ${n}`).toEqual([]);
        const d = await check({ content: [{ type: "text", text: "ok" }], structuredContent: { [key]: n } });
        expect(pii(d.findings), `${key}: ${n}`).toEqual([]);
      }
    });
  }

  it("keeps a bare epoch number in JSON number position (array item, neutral key)", async () => {
    for (const doc of ['{"events":[1790928000,1790931600]}', '{"value": 1790928000}', "[1700000000123]"]) {
      expect(await textPii(doc), doc).toEqual([]);
    }
  });

  it("still finds a phone number under a phone key, and as a string in prose", async () => {
    const phone = await textPii(JSON.stringify({ phone: "+1 415 555 2671" }));
    expect(phone.map((p) => p.type)).toEqual(["phone"]);
    const prose = await textPii("call me on 020 7946 0958 tomorrow");
    expect(prose.map((p) => p.type)).toEqual(["phone"]);
  });

  it("keeps a version or a file name with ten digits", async () => {
    for (const text of [
      "build 2.1.1790928000 shipped",
      "see backup-1790928000.tar.gz",
      "IMG_1790928000.jpg",
    ]) {
      expect(await textPii(text), text).toEqual([]);
    }
  });
});

describe("file names and bare hosts are not e-mail addresses", () => {
  it("keeps retina asset names and other file names with @", async () => {
    for (const text of [
      "assets/logo@2x.png",
      "icon@3x.webp and icon@1.5x.jpg",
      "sprite@2x.svg",
      "download report@final.pdf",
      "npm i @types/node@20.1.json",
      "login as user@host",
      "ssh deploy@buildbox",
    ]) {
      expect(await textPii(text), text).toEqual([]);
    }
  });

  it("still finds addresses whose domain looks like a file name part", async () => {
    for (const text of [
      "mail jane@example.com",
      "ops@mail.example.io",
      "a.b@sub.example.co.uk",
      "x@png.example.org",
    ]) {
      expect(
        (await textPii(text)).map((p) => p.type),
        text,
      ).toEqual(["email"]);
    }
  });
});

describe("13-digit Visa and Maestro in the 4-4-5 layout", () => {
  function grouped(digits: string, layout: readonly number[]): string {
    const parts: string[] = [];
    let at = 0;
    for (const n of layout) {
      parts.push(digits.slice(at, at + n));
      at += n;
    }
    return parts.join(" ");
  }

  it("finds a Luhn-valid 13-digit card printed 4-4-5 after a card word", async () => {
    for (let seed = 1; seed <= 5; seed++) {
      for (const [word, prefix] of [
        ["card number", "4"],
        ["Visa", "4"],
        ["Maestro", "5038"],
      ] as const) {
        const card = grouped(fakeCardNumber(prefix, 13, seed), [4, 4, 5]);
        expect(await textPii(`${word} ${card} exp 12/29`), card).toEqual([
          { type: "credit_card", text: card },
        ]);
      }
    }
  });

  it("leaves a 4-4-5 number without a card word alone", async () => {
    const digits = fakeCardNumber("4", 13, 7);
    expect(
      (await textPii(`order ${grouped(digits, [4, 4, 5])}`)).filter((p) => p.type === "credit_card"),
    ).toEqual([]);
  });
});

describe("every finding keeps its offsets", () => {
  it("in a JSON bank bill as text and as structuredContent", async () => {
    const card = fakeCardNumber("4", 16, 3);
    const bill = {
      account: {
        holder: "Jane Roe",
        iban: fakeIban("DE", "370400440532013000"),
        email: "jane.roe@example.com",
      },
      amount: 1234.5,
      card_number: Number(fakeCardNumber("4", 13, 9)),
      payment: { card, posted_at: 1790928000 },
    };
    const text = JSON.stringify(bill, null, 2);
    const d = await check({ content: [{ type: "text", text }], structuredContent: bill });
    const found = pii(d.findings);
    expect(found.map((f) => f.type).sort()).toEqual(
      ["credit_card", "credit_card", "credit_card", "credit_card", "email", "email", "iban", "iban"].sort(),
    );
    for (const f of found) {
      expect(f.start, `${f.type} at ${f.path}`).toBeTypeOf("number");
      expect(f.end, `${f.type} at ${f.path}`).toBeTypeOf("number");
    }
    const inText = found.filter((f) => f.path === "/content/0/text");
    for (const f of inText) expect(text.slice(f.start, f.end)).toMatch(/\d|@/);
  });
});

describe("addresses spelled out", () => {
  it("finds `jane dot roe at example dot com` and bracketed forms", async () => {
    for (const address of [
      "jane dot roe at example dot com",
      "jane.roe at example dot co dot uk",
      "jane (at) example (dot) com",
      "jroe [at] mail [dot] example [dot] org",
    ]) {
      expect(await textPii(`write to ${address} today`), address).toEqual([{ type: "email", text: address }]);
    }
  });

  it("leaves prose with `at` and `dot` alone", async () => {
    for (const text of [
      "meet me at noon",
      "look at the dot matrix",
      "we arrived at the office at 9",
      "see you at home",
      "pointed at the dot com bubble",
    ]) {
      expect(await textPii(text), text).toEqual([]);
    }
  });
});
