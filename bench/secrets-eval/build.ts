/**
 * Builds the secret evaluation set from other scanners' public labelled fixtures (see README.md for sources,
 * licences and commits) plus this project's own look-alike negatives, and splits it into a frozen part and a tune
 * part by the sha256 of each case's group (a fixture file, or a rule's examples), so the split never depends on
 * what a detector does. Run once, before any tuning:
 *
 *   npx tsx bench/secrets-eval/build.ts <secretlint git dir> <kingfisher git dir>
 *
 * The git dirs are bare clones (`git clone --bare`) at the commits named in README.md. The output is committed; the
 * frozen part's sha256 is written to frozen.json and quoted in README.md, and run.ts refuses a file that differs.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { ownLookalikes } from "./own-lookalikes.js";
import { isStandIn } from "./stand-in.js";
import type { EvalCase } from "./types.js";

const HERE = fileURLToPath(new URL(".", import.meta.url));

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

// secretlint rules that report something other than a credential value (home directories, `.env` files as such,
// Kubernetes Secret manifests, user patterns, test plumbing), or that configure the rule per snapshot.
const SECRETLINT_SKIP =
  /secretlint-rule-(?:no-homedir|no-dotenv|no-k8s-kind-secret|pattern|example|filter-comments|internal-test|preset-)/;
// AWS account ids are identifiers, not credentials.
const SECRETLINT_SKIP_MESSAGES = new Set(["AWS_ACCOUNT_ID"]);

interface SecretlintMessage {
  range: [number, number];
  messageId?: string;
  ruleId: string;
}

function secretlintCases(dir: string): EvalCase[] {
  const files = git(dir, "ls-tree", "-r", "--name-only", "HEAD").split("\n");
  const snapshots = new Set<string>();
  for (const f of files) {
    const m = /^(packages\/@secretlint\/secretlint-rule-[^/]+\/test\/snapshots\/[^/]+)\/output\.json$/.exec(
      f,
    );
    if (m !== null && !SECRETLINT_SKIP.test(m[1]!)) snapshots.add(m[1]!);
  }
  const withConfig = new Set(
    files.filter((f) => f.endsWith("/.secretlintrc.json")).map((f) => f.slice(0, -19)),
  );
  const cases: EvalCase[] = [];
  for (const snap of [...snapshots].sort()) {
    if (withConfig.has(snap)) continue;
    const input = files.find((f) => f.startsWith(`${snap}/input`));
    if (input === undefined) continue;
    const text = git(dir, "show", `HEAD:${input}`);
    const output = JSON.parse(git(dir, "show", `HEAD:${snap}/output.json`)) as {
      messages: SecretlintMessage[];
    };
    const vendor = /secretlint-rule-([^/]+)/.exec(snap)![1]!;
    const group = `secretlint:${snap}`;
    const messages = output.messages.filter((m) => !SECRETLINT_SKIP_MESSAGES.has(m.messageId ?? ""));
    if (output.messages.length > 0 && messages.length === 0) continue;
    if (messages.length === 0) {
      cases.push({ id: `${group}`, group, source: "secretlint", vendor, label: "lookalike", text });
      continue;
    }
    messages.forEach((m, i) => {
      cases.push({
        id: `${group}#${i}`,
        group,
        source: "secretlint",
        vendor,
        label: "secret",
        text,
        span: m.range,
      });
    });
  }
  return cases;
}

/**
 * kingfisher rule files for the vendors of gitleaks' default configuration (the coverage this issue targets). Rules
 * marked `visible: false` find helpers (a host name, an account id), not secrets, and are skipped.
 */
export const KINGFISHER_VENDORS = [
  "adafruitio",
  "adobe",
  "age",
  "airtable",
  "algolia",
  "alibaba",
  "anthropic",
  "artifactory",
  "asana",
  "atlassian",
  "aws",
  "azure",
  "azurestorage",
  "beamer",
  "bitbucket",
  "cloudflare",
  "coinbase",
  "confluent",
  "contentful",
  "databricks",
  "datadog",
  "digitalocean",
  "discord",
  "doppler",
  "droneci",
  "dropbox",
  "dynatrace",
  "easypost",
  "facebook",
  "fastly",
  "finicity",
  "finnhub",
  "flickr",
  "frameio",
  "gcp",
  "github",
  "gitlab",
  "gitter",
  "gocardless",
  "grafana",
  "heroku",
  "hubspot",
  "huggingface",
  "intercom",
  "jwt",
  "launchdarkly",
  "linear",
  "linkedin",
  "lob",
  "mailchimp",
  "mailgun",
  "mapbox",
  "maxmindlicense_v2",
  "messagebird",
  "microsoftteamswebhook",
  "netlify",
  "newrelic",
  "notion",
  "npm",
  "nuget",
  "okta",
  "openai",
  "planetscale",
  "postman",
  "prefect",
  "privkey",
  "pem",
  "pulumi",
  "pypi",
  "rapidapi",
  "readme",
  "rubygems",
  "sendbird",
  "sendgrid",
  "sendinblue",
  "sentrytoken",
  "shippo",
  "shopify",
  "slack",
  "snyk",
  "sonarqube",
  "sonarcloud",
  "sourcegraph",
  "square",
  "squareup",
  "squarespace",
  "stripe",
  "telegrambottoken",
  "travisci",
  "twilio",
  "twitchaccesstoken",
  "twitter",
  "typeform",
  "yandex",
  "terraformcloud",
  "dockerhub",
];

interface KingfisherRule {
  id: string;
  name: string;
  visible?: boolean;
  examples?: string[];
  negative_examples?: string[];
}

function kingfisherCases(dir: string): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const vendor of KINGFISHER_VENDORS) {
    const path = `data/rules/${vendor}.yml`;
    let doc: { rules?: KingfisherRule[] };
    try {
      doc = parse(git(dir, "show", `HEAD:${path}`)) as { rules?: KingfisherRule[] };
    } catch {
      continue;
    }
    for (const rule of doc.rules ?? []) {
      if (rule.visible === false) continue;
      const group = `kingfisher:${rule.id}`;
      (rule.examples ?? []).forEach((text, i) => {
        if (isStandIn(text)) return;
        cases.push({ id: `${group}#${i}`, group, source: "kingfisher", vendor, label: "secret", text });
      });
      (rule.negative_examples ?? []).forEach((text, i) => {
        cases.push({ id: `${group}#neg${i}`, group, source: "kingfisher", vendor, label: "lookalike", text });
      });
    }
  }
  return cases;
}

/** Frozen when the first byte of sha256(group) is below 128: about half, fixed by the names alone. */
function isFrozen(c: EvalCase): boolean {
  return Number.parseInt(sha256(c.group).slice(0, 2), 16) < 128;
}

function main(): void {
  const [secretlintDir, kingfisherDir] = process.argv.slice(2);
  if (secretlintDir === undefined || kingfisherDir === undefined)
    throw new Error("usage: build.ts <secretlint git dir> <kingfisher git dir>");
  const all = [...secretlintCases(secretlintDir), ...kingfisherCases(kingfisherDir), ...ownLookalikes()];
  const frozen = all.filter(isFrozen);
  const tune = all.filter((c) => !isFrozen(c));
  const dataDir = process.env.TOLLGATE_SECRETS_EVAL_DATA ?? join(HERE, "data");
  mkdirSync(dataDir, { recursive: true });
  const frozenText = `${JSON.stringify(frozen, null, 1)}\n`;
  writeFileSync(join(dataDir, "frozen.json"), frozenText);
  writeFileSync(join(dataDir, "tune.json"), `${JSON.stringify(tune, null, 1)}\n`);
  const count = (cs: EvalCase[], label: string) => cs.filter((c) => c.label === label).length;
  const record = {
    file: "data/frozen.json",
    // Of the canonical JSON (compact `JSON.stringify`), so a formatter's whitespace does not change the hash.
    sha256: sha256(JSON.stringify(frozen)),
    cases: frozen.length,
    secrets: count(frozen, "secret"),
    lookalikes: count(frozen, "lookalike"),
    frozenAt: new Date().toISOString(),
  };
  writeFileSync(join(HERE, "frozen.json"), `${JSON.stringify(record, null, 2)}\n`);
  console.log(JSON.stringify({ ...record, tune: { cases: tune.length, secrets: count(tune, "secret") } }));
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
