/**
 * PII precision on what three more published MCP servers return on ordinary work (session 21,
 * bench/real-servers/benign.ts): a shell server (`mcp-server-commands`) printing a CSV, a log, `docker ps`, `ss -tln`,
 * `free -b` and `dmesg`, and a task server (`@kazuph/mcp-taskmanager`) holding a request that names a range of order
 * numbers. Each text below is what the server returned, and each value in it was redacted by the default policy
 * before this file's fixes; the guards keep the same digits PII where their context says so.
 */
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";

const engine = new LocalPolicyEngine({}, { worker: false });
const base = {
  connectorType: "shell.run_command",
  serverName: "shell",
  toolName: "run_command",
  callId: "c1",
  args: {},
};

async function textPii(text: string): Promise<{ type: string; text: string }[]> {
  const decision = await engine.checkOutput({ ...base, result: { content: [{ type: "text", text }] } });
  return decision.findings
    .filter((f) => f.kind === "pii")
    .map((f) => ({ type: f.type, text: f.start === undefined ? "?" : text.slice(f.start, f.end) }));
}

describe("a loopback or unspecified address is nobody's address", () => {
  it("keeps 127.0.0.1 and 0.0.0.0 in a log, `docker ps` and `ss -tln`", async () => {
    for (const text of [
      "2026-10-02T00:00:09.122Z INFO  listening on 127.0.0.1:8080 pid=4211",
      "9b2d4e7c01f3   atlas-export:1.4.2   Up 5 hours   0.0.0.0:8080->8080/tcp   atlas-export",
      'LISTEN  0       511          127.0.0.1:8080         0.0.0.0:*      users:(("node",pid=4211,fd=21))',
      "DATABASE_URL=postgres://atlas@127.0.0.53:5432/atlas",
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds private and public addresses", async () => {
    const text = "peer 192.168.0.12 via 10.0.0.1, resolver 8.8.8.8, client 203.0.113.7, router 0.1.2.3";
    expect((await textPii(text)).map((f) => f.text)).toEqual([
      "192.168.0.12",
      "10.0.0.1",
      "8.8.8.8",
      "203.0.113.7",
      "0.1.2.3",
    ]);
  });
});

describe("a number in a row of numbers aligned in columns is a quantity", () => {
  const FREE = `               total        used        free      shared  buff/cache   available
Mem:     16700067840  4812345344  2147483648    12582912  9740238848 11509129216
Swap:     2147479552           0  2147479552
`;
  it("keeps the byte counts of `free -b`", async () => {
    expect(await textPii(FREE)).toEqual([]);
  });

  it("keeps tab-separated counts", async () => {
    expect(await textPii("swap\t2147479552\t0\t2147479552\n")).toEqual([]);
  });

  it("still finds a phone in a column next to words, or under a phone word", async () => {
    expect(await textPii("Ana Lima      2025550143      Boston\n")).toEqual([
      { type: "phone", text: "2025550143" },
    ]);
    expect((await textPii("Phone: 2147479552    0\n")).map((f) => f.text)).toEqual(["2147479552"]);
  });
});

describe("the second end of a range reads as its first", () => {
  it("keeps a range of order numbers", async () => {
    for (const text of [
      "Fix the export of 2026-10-02: orders 4500123456 to 4500123458, total 228.27 EUR.",
      "Invoices 4500123456 through 4500123458 were re-sent.",
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds two phones joined by `to` or `or`", async () => {
    expect(
      (await textPii("Forward calls from 2025550143 to 2025550144 tonight.")).map((f) => f.text),
    ).toEqual(["2025550143", "2025550144"]);
    expect((await textPii("Call 2025550143 or 2025550144.")).map((f) => f.text)).toEqual([
      "2025550143",
      "2025550144",
    ]);
  });
});

describe("a CSV cell is named by its column's header", () => {
  const ORDERS = `order_no,placed_at,customer_id,sku,ean,qty,total_eur,status
4500123456,2026-10-02T08:00:00Z,100235,100236,5901234123457,1,89.50,shipped
4500123457,2026-10-02T09:00:00Z,100417,100234,4006381333931,2,99.80,paid
`;
  it("keeps order numbers under an `order_no` column", async () => {
    expect(await textPii(ORDERS)).toEqual([]);
    expect(await textPii(ORDERS.replaceAll(",", "\t"))).toEqual([]);
  });

  it("still finds phones under a phone column or a neutral one", async () => {
    expect(await textPii("order_no,contact_phone\n4500123456,2025550143\n")).toEqual([
      { type: "phone", text: "2025550143" },
    ]);
    expect(await textPii("name,number\nAna,2025550143\n")).toEqual([{ type: "phone", text: "2025550143" }]);
  });
});

describe("a version followed by its build date is no phone", () => {
  it("keeps a kernel's version line", async () => {
    const text =
      "[    0.000000] Linux version 6.1.0-26-amd64 (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian 6.1.112-1 (2024-09-30)";
    expect(await textPii(text)).toEqual([]);
  });

  it("still finds a phone written with an area code in parentheses", async () => {
    expect(await textPii("Office: +1 (202) 555-0143")).toEqual([
      { type: "phone", text: "+1 (202) 555-0143" },
    ]);
  });
});

describe("a table's cell is named by its header, wherever the table stands", () => {
  const NOTE = `# Refunds in October

| order | placed | amount | refund ref |
| --- | --- | ---: | --- |
| 4500123458 | 2026-10-03 | 38.97 EUR | RF-2026-004218 |
| 4500123461 | 2026-10-05 | 1249.00 EUR | RF-2026-004233 |

Both refunds go out with the run of 2026-10-10.
`;
  it("keeps order numbers in a Markdown table under an `order` column", async () => {
    expect(await textPii(NOTE)).toEqual([]);
  });

  it("keeps a CSV printed after other output", async () => {
    expect(await textPii(`rows: 2\n\norder_no;total\n4500123456;89.50\n4500123457;99.80\n`)).toEqual([]);
  });

  it("still finds phones in a Markdown table under a phone column", async () => {
    const text = `# Contacts\n\n| name | phone |\n| --- | --- |\n| Ana | 2025550143 |\n| Bob | 2025550144 |\n`;
    expect((await textPii(text)).map((f) => f.text)).toEqual(["2025550143", "2025550144"]);
  });
});

describe("a count before a file name is a size", () => {
  it("keeps the byte counts `wc -c` and `du -b` print", async () => {
    for (const text of [
      "       287 data/orders.csv\n2147483648 backups/atlas-2026-10-02.img\n2147483935 total\n",
      "2147483648\tbackups/atlas-2026-10-02.img\n4096\tlogs/export.log\n",
    ])
      expect(await textPii(text), text).toEqual([]);
  });

  it("still finds a phone followed by a word", async () => {
    expect(await textPii("Ana Lima 2025550143 Boston\n")).toEqual([{ type: "phone", text: "2025550143" }]);
    expect(await textPii("Ana: 2025550143 mobile\n")).toEqual([{ type: "phone", text: "2025550143" }]);
    expect(await textPii("Reach Ana on 2025550143 tomorrow.\n")).toEqual([
      { type: "phone", text: "2025550143" },
    ]);
  });
});
