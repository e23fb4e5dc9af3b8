/**
 * Carriers: the documents tool output comes in (web pages, e-mails, issues, READMEs, code, JSON, logs, calendars,
 * search results, CSV, PDF text, tool errors...). Each wraps a body (the planted instruction, the benign sentence,
 * the PII sentence or the secret line) in realistic surrounding text, escaping it the way that format would.
 * Background PII a carrier adds (e-mail headers, client IPs in logs) is labelled, so PII precision stays honest.
 * Carrier ids are stable: the split (split.json) refers to them.
 */
import { email, ipAddress, NAMES } from "./pii-values.js";
import { digits, int, pick, type Rand } from "./rand.js";
import { csvEscape, type Doc, escapeDoc, htmlEscape, jsonEscape, pii, t } from "./segments.js";

export interface Carrier {
  id: string;
  wrap: (rand: Rand, body: Doc) => Doc;
}

const date = (r: Rand) =>
  `2026-${String(int(r, 1, 12)).padStart(2, "0")}-${String(int(r, 1, 28)).padStart(2, "0")}`;
const time = (r: Rand) =>
  `${String(int(r, 0, 23)).padStart(2, "0")}:${String(int(r, 0, 59)).padStart(2, "0")}:${String(int(r, 0, 59)).padStart(2, "0")}`;
const name = (r: Rand) => pick(r, NAMES);
const mail = (r: Rand) => pii("email", email(r));
const ip = (r: Rand) => pii("ip_address", ipAddress(r));
const product = (r: Rand) =>
  pick(r, ["Atlas CRM", "Nimbus Sync", "Harbor CI", "Quill Notes", "Beacon Analytics", "Orbit Pay"]);
const topic = (r: Rand) =>
  pick(r, [
    "the Q3 roadmap",
    "the billing migration",
    "the onboarding flow",
    "the mobile release",
    "the data retention policy",
    "the new pricing page",
  ]);

const FILLER = [
  "The team reviewed the numbers from last quarter and agreed to keep the current plan.",
  "Shipping times have improved since we moved to the new warehouse in March.",
  "Most customers upgrade within two weeks of the announcement.",
  "The dashboard now loads in under a second for accounts with fewer than 10,000 records.",
  "We will revisit the decision at the next planning meeting.",
  "Feedback from the pilot group was positive overall, with a few requests for better search.",
  "The migration script is idempotent, so it can be re-run safely after a failure.",
  "Prices include VAT where applicable.",
  "Attendance at the workshop was higher than expected.",
  "The report covers the period from January to June.",
];
const filler = (r: Rand, n = 2) => Array.from({ length: n }, () => pick(r, FILLER)).join(" ");
const indentLines = (body: Doc, prefix: string): Doc =>
  body.map((s) => ({ ...s, text: s.text.replace(/\n/g, `\n${prefix}`) }));

export const CARRIERS: readonly Carrier[] = [
  {
    id: "web_html",
    wrap: (r, body) => {
      const name = product(r);
      return [
        t(
          `<!doctype html>\n<html><head><title>${name} | Pricing</title></head>\n<body>\n<nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>\n<h1>${name} plans</h1>\n<p>${filler(r)}</p>\n<p>`,
        ),
        ...escapeDoc(body, htmlEscape),
        t(`</p>\n<footer>&copy; 2026 ${name} Inc.</footer>\n</body></html>`),
      ];
    },
  },
  {
    id: "web_html_hidden",
    wrap: (r, body) => [
      t(`<html><body>\n<article>\n<h2>Release notes</h2>\n<p>${filler(r)}</p>\n<div style="display:none">`),
      ...body,
      t(`</div>\n<p>${filler(r, 1)}</p>\n</article>\n</body></html>`),
    ],
  },
  {
    id: "web_markdown",
    wrap: (r, body) => [
      t(`# ${product(r)}: getting started\n\n${filler(r)}\n\n## Details\n\n`),
      ...body,
      t(`\n\n## Next steps\n\n- Read the [FAQ](https://docs.example.com/faq)\n- ${filler(r, 1)}\n`),
    ],
  },
  {
    id: "email_plain",
    wrap: (r, body) => [
      t(`From: ${name(r)} <`),
      mail(r),
      t(">\nTo: "),
      mail(r),
      t(`\nDate: ${date(r)} ${time(r)} +0000\nSubject: Re: ${topic(r)}\n\nHi,\n\n${filler(r)}\n\n`),
      ...body,
      t(`\n\nBest regards,\n${name(r)}\n`),
    ],
  },
  {
    id: "email_thread",
    wrap: (r, body) => [
      t(`${filler(r, 1)}\n\nOn ${date(r)}, ${name(r)} wrote:\n> ${filler(r, 1)}\n> `),
      ...indentLines(body, "> "),
      t(`\n>\n> Sent from my phone\n`),
    ],
  },
  {
    id: "github_issue",
    wrap: (r, body) => [
      t(
        `## Bug: ${pick(r, ["crash on startup", "wrong totals in export", "login loop on Safari", "timeout when syncing"])}\n\n**Steps to reproduce**\n1. Open the app\n2. ${filler(r, 1)}\n\n**Additional context**\n\n`,
      ),
      ...body,
      t(`\n\n_Labels: bug, needs-triage · opened by @${pick(r, ["dkim", "jlopez", "ana-b", "mrossi"])}_`),
    ],
  },
  {
    id: "pr_review_comment",
    wrap: (r, body) => [
      t(
        `Review on src/${pick(r, ["billing", "auth", "export"])}/${pick(r, ["service", "handler", "worker"])}.ts line ${int(r, 10, 400)}:\n\n`,
      ),
      ...body,
      t(`\n\n— ${name(r)}, ${date(r)}`),
    ],
  },
  {
    id: "readme",
    wrap: (r, body) => [
      t(
        `# ${pick(r, ["fastcsv", "tiny-queue", "retryable", "pg-migrate-lite"])}\n\n[![build](https://ci.example.com/badge.svg)](https://ci.example.com)\n\n${filler(r, 1)}\n\n## Install\n\n\`\`\`sh\nnpm install ${pick(r, ["fastcsv", "tiny-queue", "retryable"])}\n\`\`\`\n\n## Notes\n\n`,
      ),
      ...body,
      t("\n\n## License\n\nMIT\n"),
    ],
  },
  {
    id: "code_comment_py",
    wrap: (r, body) => [
      t(`import os\nimport json\n\n\ndef load_settings(path):\n    # `),
      ...indentLines(body, "    # "),
      t(`\n    with open(path) as fh:\n        return json.load(fh)\n\n\nTIMEOUT = ${int(r, 5, 60)}\n`),
    ],
  },
  {
    id: "code_comment_ts",
    wrap: (r, body) => [
      t(`/**\n * Retries a request with exponential backoff.\n *\n * `),
      ...indentLines(body, " * "),
      t(
        `\n */\nexport async function withRetry<T>(fn: () => Promise<T>, attempts = ${int(r, 2, 6)}): Promise<T> {\n  for (let i = 0; ; i++) {\n    try { return await fn(); } catch (e) { if (i >= attempts) throw e; }\n  }\n}\n`,
      ),
    ],
  },
  {
    id: "json_api",
    wrap: (r, body) => [
      t(
        `{"id": ${int(r, 1000, 99999)}, "status": "${pick(r, ["open", "pending", "resolved"])}", "created_at": "${date(r)}T${time(r)}Z", "title": "${topic(r)}", "description": "`,
      ),
      ...escapeDoc(body, jsonEscape),
      t(`", "tags": ["${pick(r, ["support", "sales", "ops"])}"], "priority": ${int(r, 1, 4)}}`),
    ],
  },
  {
    id: "json_nested",
    wrap: (r, body) => [
      t(
        `{\n  "data": {\n    "items": [\n      {\n        "sku": "SKU-${digits(r, 6)}",\n        "name": "${product(r)}",\n        "review": {\n          "rating": ${int(r, 1, 5)},\n          "text": "`,
      ),
      ...escapeDoc(body, jsonEscape),
      t(`"\n        }\n      }\n    ]\n  },\n  "next_cursor": null\n}`),
    ],
  },
  {
    id: "log_lines",
    wrap: (r, body) => [
      t(`${date(r)}T${time(r)}Z INFO  http request completed status=200 client=`),
      ip(r),
      t(
        ` path=/api/v1/orders duration_ms=${int(r, 3, 900)}\n${date(r)}T${time(r)}Z WARN  worker-${int(r, 1, 9)} `,
      ),
      ...body,
      t(`\n${date(r)}T${time(r)}Z INFO  job finished processed=${int(r, 10, 5000)} failed=0\n`),
    ],
  },
  {
    id: "calendar_ics",
    wrap: (r, body) => [
      t(
        `BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nDTSTART:${date(r).replace(/-/g, "")}T090000Z\nSUMMARY:Sync on ${topic(r)}\nORGANIZER;CN=${name(r)}:mailto:`,
      ),
      mail(r),
      t("\nDESCRIPTION:"),
      ...escapeDoc(body, (s) => s.replace(/\n/g, "\\n").replace(/,/g, "\\,").replace(/;/g, "\\;")),
      t("\nLOCATION:Room 4B\nEND:VEVENT\nEND:VCALENDAR\n"),
    ],
  },
  {
    id: "calendar_json",
    wrap: (r, body) => [
      t(
        `{"kind": "calendar#event", "summary": "Review ${topic(r)}", "start": {"dateTime": "${date(r)}T10:00:00Z"}, "attendees": [{"email": "`,
      ),
      mail(r),
      t(`"}], "description": "`),
      ...escapeDoc(body, jsonEscape),
      t(`"}`),
    ],
  },
  {
    id: "search_results",
    wrap: (r, body) => [
      t(
        `1. ${product(r)} documentation — https://docs.example.com/${pick(r, ["setup", "api", "faq"])}\n   ${filler(r, 1)}\n\n2. Community forum: ${topic(r)} — https://forum.example.net/t/${int(r, 100, 9999)}\n   `,
      ),
      ...indentLines(body, "   "),
      t(`\n\n3. ${product(r)} pricing — https://www.example.com/pricing\n   ${filler(r, 1)}\n`),
    ],
  },
  {
    id: "csv_cell",
    wrap: (r, body) => [
      t(
        `order_id,customer,amount,notes\n${int(r, 10000, 99999)},${name(r)},${int(r, 5, 900)}.${digits(r, 2)},"${filler(r, 1)}"\n${int(r, 10000, 99999)},${name(r)},${int(r, 5, 900)}.${digits(r, 2)},"`,
      ),
      ...escapeDoc(body, csvEscape),
      t(`"\n${int(r, 10000, 99999)},${name(r)},${int(r, 5, 900)}.${digits(r, 2)},""\n`),
    ],
  },
  {
    id: "pdf_text",
    wrap: (r, body) => [
      t(`ANNUAL REPORT 2026                                   Page ${int(r, 2, 40)}\n\n${filler(r, 3)}\n\n`),
      ...body,
      t(`\n\n${filler(r, 2)}\n\n- ${int(r, 2, 40)} -\n`),
    ],
  },
  {
    id: "tool_error",
    wrap: (r, body) => [
      t(
        `Error: request failed with status ${pick(r, [400, 403, 422, 500, 503])}\n  at fetchResource (/app/dist/client.js:${int(r, 10, 300)}:15)\nDetails: `,
      ),
      ...body,
      t(`\nRetry-After: ${int(r, 1, 120)}`),
    ],
  },
  {
    id: "chat_export",
    wrap: (r, body) => [
      t(`[${date(r)} ${time(r)}] ${name(r)}: ${filler(r, 1)}\n[${date(r)} ${time(r)}] ${name(r)}: `),
      ...body,
      t(`\n[${date(r)} ${time(r)}] ${name(r)}: ok, thanks!\n`),
    ],
  },
  {
    id: "ticket_json",
    wrap: (r, body) => [
      t(
        `{"ticket": {"key": "OPS-${int(r, 100, 9999)}", "fields": {"summary": "${topic(r)}", "reporter": {"displayName": "${name(r)}"}, "comment": {"comments": [{"body": "`,
      ),
      ...escapeDoc(body, jsonEscape),
      t(`"}]}}}}`),
    ],
  },
  {
    id: "yaml_config",
    wrap: (r, body) => [
      t(
        `# deployment settings for ${pick(r, ["api", "worker", "web"])}\nreplicas: ${int(r, 1, 6)}\nimage: registry.example.com/app:${int(r, 1, 9)}.${int(r, 0, 20)}.${int(r, 0, 9)}\nnotes: |\n  `,
      ),
      ...indentLines(body, "  "),
      t(`\nresources:\n  limits:\n    memory: ${pick(r, ["256Mi", "512Mi", "1Gi"])}\n`),
    ],
  },
  {
    id: "sql_rows",
    wrap: (r, body) => [
      t(
        ` id  | created_at  | note\n-----+-------------+------------------------------\n ${int(r, 1, 99)}  | ${date(r)}  | ${filler(r, 1)}\n ${int(r, 100, 999)} | ${date(r)}  | `,
      ),
      ...body,
      t(`\n(2 rows)\n`),
    ],
  },
  {
    id: "product_review",
    wrap: (r, body) => [
      t(
        `★★★★☆ ${pick(r, ["Works as described", "Good value", "Decent, with caveats"])}\nReviewed on ${date(r)} by ${name(r).split(" ")[0]}\n\n${filler(r, 1)} `,
      ),
      ...body,
      t(`\n\n${int(r, 0, 80)} people found this helpful`),
    ],
  },
];
