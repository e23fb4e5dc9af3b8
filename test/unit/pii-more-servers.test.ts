/**
 * PII precision on what three more published MCP servers return on ordinary work (session 22,
 * bench/real-servers/benign.ts): an OpenAPI server calling a shop's back office (`@ivotoby/openapi-mcp-server`), a
 * spreadsheet server rendering a sheet as an HTML table (`@negokaz/excel-mcp-server`), and a memory bank of Markdown
 * notes (`@allpepper/memory-bank-mcp`). Each text below is what the server returned (or an argument the agent
 * sent), and each value in it was taken for a phone number by the default policy before this file's fixes; the
 * guards keep the same digits PII where their context says so.
 */
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";

const engine = new LocalPolicyEngine({}, { worker: false });
const base = {
  connectorType: "api.get-order",
  serverName: "api",
  toolName: "get-order",
  callId: "c1",
  args: {},
};

async function textPii(text: string): Promise<string[]> {
  const decision = await engine.checkOutput({ ...base, result: { content: [{ type: "text", text }] } });
  return decision.findings
    .filter((f) => f.kind === "pii")
    .map((f) => (f.start === undefined ? "?" : text.slice(f.start, f.end)));
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

describe("a key naming a reference, a tariff code or a unit", () => {
  it("keeps an ERP reference written with dashes under `erp_ref`", async () => {
    expect(await textPii(json({ order_no: "4500123456", erp_ref: "450-012-3456" }))).toEqual([]);
  });

  it("keeps customs tariff numbers under `hs_code`", async () => {
    expect(await textPii(json([{ sku: "100234", hs_code: "9405210090" }]))).toEqual([]);
  });

  it("keeps a byte count under `bytes_out`", async () => {
    expect(await textPii(json({ requests: 1248311, bytes_out: 2147483648 }))).toEqual([]);
  });

  it("still finds a dashed phone under a neutral or a phone key, and a phone under a key naming both", async () => {
    expect(
      await textPii(json({ erp_phone: "202-555-0143", note: "202-555-0144", bytes_phone: "2025550145" })),
    ).toEqual(["202-555-0143", "202-555-0144", "2025550145"]);
  });
});

describe("a word before a number that names what it is", () => {
  it("keeps a parcel's order number, a batch number and an HS code in prose", async () => {
    for (const text of [
      "The parcel for 4500123457 arrived on 2026-10-04 with a bent clamp.",
      "SKU 100234, batch 20260911-07, arrived damaged.",
      "Products carry their GTIN (4006381333931) and customs HS code (9405210090).",
      "Keep the ERP ref beside order_no 4500123458.",
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds a phone after a phone word, or with no word before it", async () => {
    expect(await textPii("Call the courier for the parcel on 2025550143.")).toEqual(["2025550143"]);
    expect(await textPii("Reach Ana at 2025550143 about the batch.")).toEqual(["2025550143"]);
  });
});

describe("the items of a list take the first item's context", () => {
  it("keeps both order numbers of `orders A and B`", async () => {
    expect(await textPii("Orders 4500123458 and 4500123461 were refunded.")).toEqual([]);
    expect(await textPii("Orders 4500123458, 4500123461 were refunded.")).toEqual([]);
  });

  it("still finds two phones joined by `and`", async () => {
    expect(await textPii("Call 2025550143 and 2025550144 after noon.")).toEqual(["2025550143", "2025550144"]);
  });
});

describe("a cell of an HTML table is named by its column", () => {
  const SHEET = `<h2>Sheet Data</h2>
<table>
<tr><th></th><th>A</th><th>B</th><th>C</th><th>D</th></tr>
<tr><th>1</th><td>order_no</td><td>placed</td><td>HS code</td><td>contact</td></tr>
<tr><th>2</th><td>4500123456</td><td>2026-10-02 08:00</td><td>9405210090</td><td>2025550143</td></tr>
<tr><th>3</th><td>4500123457</td><td>2026-10-02 09:00</td><td>9403200090</td><td>2025550144</td></tr>
</table>`;

  it("keeps the order numbers and tariff codes of a spreadsheet server's sheet, and finds its contact phones", async () => {
    expect(await textPii(SHEET)).toEqual(["2025550143", "2025550144"]);
  });

  it("still finds phones in a column with no name, or a neutral one", async () => {
    expect(await textPii("<table><tr><td>2025550143</td></tr></table>")).toEqual(["2025550143"]);
    expect(
      await textPii(
        "<table>\n<tr><th>name</th><th>number</th></tr>\n<tr><td>Ana</td><td>2025550143</td></tr>\n</table>",
      ),
    ).toEqual(["2025550143"]);
  });

  it("does not take a column name from another table", async () => {
    const text =
      "<table><tr><td>order_no</td></tr></table>\n<table><tr><td>1</td></tr><tr><td>2025550143</td></tr></table>";
    expect(await textPii(text)).toEqual(["2025550143"]);
  });
});

describe("a value in a tuple is named by the tuple of names before it", () => {
  it("keeps a cursor's order number", async () => {
    expect(await textPii("cursor (updated_at, order_no) = (1791014400, 4500123458) for the re-run.")).toEqual(
      [],
    );
    expect(await textPii("the cursor is `(updated_at, order_no)`, e.g. `(1790928000, 4500123456)`.")).toEqual(
      [],
    );
    expect(
      await textPii("INSERT INTO orders (id, order_no, total) VALUES (1, '4500123456', 89.50);"),
    ).toEqual([]);
  });

  it("still finds a phone in a tuple under a phone name, or of another length", async () => {
    expect(await textPii("(order_no, phone) = (4500123458, 2025550143)")).toContain("2025550143");
    // Three values under two names: no name is taken, so the first value (under `order_no` by place) stays a phone.
    expect(await textPii("(order_no, note) = (2025550143, 4500123458, 1)")).toContain("2025550143");
  });
});
