/**
 * PII precision on what three more published MCP servers return on ordinary work (session 23,
 * test/integration/real-servers-work.test.ts): a GitLab tracker's issues, notes and merge requests as JSON text
 * (`@zereight/mcp-gitlab`), web pages as HTML, Markdown and text (`@tokenizin/mcp-npx-fetch`), a calendar's events
 * as JSON text (`caldav-mcp`). Each text below is what a server returned, and each value in it was taken for a phone
 * number by the default policy before this file's fixes; the guards keep the same digits PII where their context
 * says so.
 */
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";

const engine = new LocalPolicyEngine({}, { worker: false });
const base = {
  connectorType: "gitlab.get_issue",
  serverName: "gitlab",
  toolName: "get_issue",
  callId: "c1",
  args: {},
};

async function textPii(text: string): Promise<string[]> {
  const decision = await engine.checkOutput({ ...base, result: { content: [{ type: "text", text }] } });
  return decision.findings
    .filter((f) => f.kind === "pii")
    .map((f) => (f.start === undefined ? "?" : text.slice(f.start, f.end)));
}

/** A server's JSON text: line breaks inside a string are the two characters `\n`. */
const json = (value: unknown) => JSON.stringify(value);

describe("a word that names the number after an escaped line break of JSON text", () => {
  it("keeps order numbers whose word starts a paragraph of an issue's description", async () => {
    const text = json({
      iid: "1261",
      description:
        "Since build 20261002.4 the export has no refund rows.\n\nOrders 4500123458 and 4500123461 were refunded.",
    });
    expect(await textPii(text)).toEqual([]);
  });

  it("still finds a phone after an escaped line break and a phone word", async () => {
    const text = json({ description: "Refunds are late.\n\nCall 2025550143 after noon." });
    expect(await textPii(text)).toEqual(["2025550143"]);
  });

  // Recall too: a phone that starts a line of JSON text follows the `n` of `\n`, which read `n2025550144` as one token
  // (failed before the view of escaped line breaks). In plain text the same line was found.
  it("finds a phone that starts a line of JSON text with no word before it", async () => {
    expect(await textPii("Refunds are late.\n2025550144 is Ana's.")).toEqual(["2025550144"]);
    expect(await textPii(json({ description: "Refunds are late.\n2025550144 is Ana's." }))).toEqual([
      "2025550144",
    ]);
  });

  it("keeps a table's column, and a size before a file name, on lines of JSON text", async () => {
    const description =
      "Rejected rows:\n\n| order_no | erp_ref | total |\n| --- | --- | --- |\n| 4500123456 | 450-012-3456 | 89.50 |\n\nSteps:\n2. grep 4500123458 data/orders.csv\n";
    expect(await textPii(json({ iid: "1262", description }))).toEqual([]);
  });

  it("still reads an escaped backslash then `n` as no line break", async () => {
    // `C:\\new 2025550143`: a backslash, then the word `new`; the phone stays found.
    expect(await textPii(json({ path: "C:\\new 2025550143" }))).toEqual(["2025550143"]);
  });
});

describe("a number inside a string of JSON text is no JSON number", () => {
  it("keeps a count after a comma in a string (it was read as an array item, with no context)", async () => {
    for (const text of [
      json({ description: "Grafana: 1248311 requests, 2147483648 bytes out." }),
      json({ body: "Checked: 4500123458 -38.97, 4500123461 -1249.00, sum 228.27." }),
      json({ note: "Orders 4500123458, 4500123461 were refunded." }),
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still reads a long number that is an array item or a member's value", async () => {
    expect(await textPii(json({ contacts: [2025550143, 2025550144], phone: 2025550145 }))).toEqual([
      "2025550143",
      "2025550144",
      "2025550145",
    ]);
    expect(await textPii(json({ note: 'a "quoted" word, then', list: [2025550146] }))).toEqual([
      "2025550146",
    ]);
  });
});

describe("a unit right after the number", () => {
  it("keeps a byte count, a request count and a duration followed by their unit", async () => {
    for (const text of [
      "Grafana panel 14: 1248311 requests, 2147483648 bytes out.",
      json({ description: "Peak of 2147483648 bytes in 9116 ms." }),
      "<tr><td>max_bytes</td><td>2147483648</td><td>bytes</td></tr>",
      // The same table flattened to paragraphs by an HTML-to-Markdown conversion (turndown, in the fetch server).
      "Setting\n\nDefault\n\nUnit\n\nmax\\_bytes\n\n2147483648\n\nbytes\n\nsince",
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds a phone followed by a word that is no unit", async () => {
    expect(await textPii("Reach Ana at 2025550143 before noon.")).toEqual(["2025550143"]);
    expect(await textPii("<tr><td>Ana</td><td>2025550143</td><td>mobile</td></tr>")).toEqual(["2025550143"]);
  });
});

describe("a number followed by a signed amount", () => {
  it("keeps order numbers each followed by its negative total", async () => {
    expect(
      await textPii(
        "LGTM. Checked the CSV of 2026-10-02: 4500123458 -38.97, 4500123461 -1249.00, sum 228.27.",
      ),
    ).toEqual([]);
  });

  it("still finds a phone written with a dash and a dot", async () => {
    expect(await textPii("Office: 202 -555.0143")).toEqual(["202 -555.0143"]);
  });
});

describe("a separated number in a table column that names an identifier", () => {
  it("keeps an ERP reference with dashes under the Markdown column `erp_ref`", async () => {
    const table =
      "| order_no | erp_ref | total |\n| --- | --- | --- |\n| 4500123456 | 450-012-3456 | 89.50 |\n";
    expect(await textPii(table)).toEqual([]);
  });

  it("still finds a dashed phone under a column that names a phone or nothing", async () => {
    const table =
      "| order_no | phone | note |\n| --- | --- | --- |\n| 4500123456 | 202-555-0143 | 202-555-0144 |\n";
    expect(await textPii(table)).toEqual(["202-555-0143", "202-555-0144"]);
  });
});

describe("words that name an order number in prose", () => {
  it("keeps a purchase order, 'order numbers like' and an order named in Spanish or German", async () => {
    for (const text of [
      "PO 4500123461: 14 monitor arms (SKU 100236), delivery in week 2026-W42.",
      "Order numbers like 4500123456, totals with two decimals.",
      "Revisión del pedido 4500123461.",
      "Bestellung 4500123461 ist unterwegs.",
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds a phone after the same words when a phone word is nearer", async () => {
    expect(await textPii("PO questions: call 2025550143.")).toEqual(["2025550143"]);
  });
});
