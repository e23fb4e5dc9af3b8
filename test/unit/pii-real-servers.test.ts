/**
 * PII precision on what published MCP servers return on ordinary work (bench/real-servers/benign.ts, issue 16
 * part 3): each text below is a line a real git server (`@cyanheads/git-mcp-server`) or the memory server returned
 * for an ordinary repository or knowledge graph, and each value in it was redacted by the default policy before
 * this file's fixes.
 */
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { fakeCardNumber } from "../../src/shared/fake-credentials.js";

const engine = new LocalPolicyEngine({}, { worker: false });
const base = { connectorType: "git.git_log", serverName: "git", toolName: "git_log", callId: "c1", args: {} };

async function textPii(text: string): Promise<{ type: string; text: string }[]> {
  const decision = await engine.checkOutput({ ...base, result: { content: [{ type: "text", text }] } });
  return decision.findings
    .filter((f) => f.kind === "pii")
    .map((f) => ({ type: f.type, text: f.start === undefined ? "?" : text.slice(f.start, f.end) }));
}

/** GS1's check digit (EAN-13, UPC-A): weights 3 and 1 from the right, the check digit last. */
function isGs1Valid(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 2, w = 3; i >= 0; i--, w = 4 - w) sum += Number(digits[i]) * w;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

describe("a run of digits followed by punctuation is still one bare number", () => {
  // The candidate scanner counted the `)`, `.` or space after the last digit as a separator inside the number, so
  // a 13- or 14-digit identifier in a sentence was not "bare" and reached libphonenumber as a phone.
  it("keeps a migration's date-time stamp in a commit subject", async () => {
    for (const text of [
      "Add created_at to the export table (migration 20260612093000)",
      "Add created_at to the export table (migration 20260612093000).",
      '"subject": "Add created_at to the export table (migration 20260612093000)",',
      "Applied 20260612093000 and 20260613101500, then rolled back.",
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("keeps a 13-digit EAN written in a note", async () => {
    for (const text of ["EAN 4006381333931 is the desk lamp.", "The lamp (4006381333931) is back in stock."])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds a phone number followed by punctuation", async () => {
    for (const [text, phone] of [
      ["Call me at 2025550143.", "2025550143"],
      ["Office line (2025550143) after nine", "2025550143"],
      ["Reach the desk on 02079460321, any time", "02079460321"],
    ] as const)
      expect(await textPii(text), text).toEqual([{ type: "phone", text: phone }]);
  });
});

describe("a Unix time in code or prose is not a phone number", () => {
  // A ten-digit number from 2001 to 2033 in seconds starts with 1, which no North American number does; read as a
  // phone it is a German mobile number written without its trunk 0, which people do not write without a phone word.
  it("keeps an epoch constant in a diff and in a config line", async () => {
    for (const text of [
      "+export const CUTOVER_S = 1790928000;",
      "const CUTOVER_S = 1790928000;",
      "cutover = 1790928000",
      "The cut-over happens at 1790928000, then exports resume.",
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds the same digits as a phone next to a phone word, or with a plus", async () => {
    expect(await textPii("Mobile: 1790928000")).toEqual([{ type: "phone", text: "1790928000" }]);
    expect(await textPii("call +49 179 0928000 today")).toEqual([{ type: "phone", text: "+49 179 0928000" }]);
  });
});

describe("a product code (EAN-13) in a price list is not a card", () => {
  it("keeps an EAN-13 that also passes Luhn in a CSV row and its diff line", async () => {
    for (const text of [
      "100236,Monitor arm,89.50,5901234123457,2026-03-31",
      "+100236,Monitor arm,89.50,5901234123457,2026-03-31",
      '{"sku": 100236, "ean": "5901234123457", "price": 89.5}',
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds the same digits after a card word", async () => {
    expect(await textPii("card number 5901234123457 exp 12/29")).toEqual([
      { type: "credit_card", text: "5901234123457" },
    ]);
  });

  it("still finds a bare 13-digit card whose digits fail GS1's check", async () => {
    const cards = [1, 2, 3, 4, 5, 6, 7, 8]
      .map((seed) => fakeCardNumber("4", 13, seed))
      .filter((c) => !isGs1Valid(c));
    expect(cards.length).toBeGreaterThan(3);
    for (const card of cards)
      expect(await textPii(`paid with ${card} yesterday`), card).toEqual([
        { type: "credit_card", text: card },
      ]);
  });
});

describe("an order number is not a phone number", () => {
  // From a SQLite server's rows (`mcp-server-sqlite-npx`) and a sequential-thinking server's thought: ten-digit
  // order numbers that are also valid North American numbers (area code 450).
  it("keeps an order number under an identifier key, as a JSON string", async () => {
    for (const text of [
      '{"id": 1, "order_no": "4500123456", "created_at": 1790928000}',
      '{"orderNumber": "4500123456"}',
      "invoice_id='4500123456'",
      '{"tracking_number": "4500123456"}',
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("keeps order numbers after the plural `Orders`", async () => {
    for (const text of [
      "Orders 4500123456 and up were placed after the cut-over.",
      "Invoices #4500123456 paid.",
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds the same digits under a phone key or after a phone word", async () => {
    for (const text of [
      '{"phone": "4500123456"}',
      '{"contact_number": "4500123456"}',
      '{"order_phone": "4500123456"}',
      "Orders desk phone 4500123456",
    ])
      expect(await textPii(text), text).toEqual([{ type: "phone", text: "4500123456" }]);
  });
});
