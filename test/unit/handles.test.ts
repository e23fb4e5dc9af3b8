import { describe, expect, it } from "vitest";
import {
  handleHash,
  maskRestored,
  openValue,
  putHandles,
  restoreHandles,
  sealValue,
} from "../../src/shared/handles.js";
import type { CallToolResult, Finding } from "../../src/shared/types.js";

const raw = (text: string): CallToolResult => ({ content: [{ type: "text", text }] });
const finding = (type: string, start: number, end: number, kind: Finding["kind"] = "pii"): Finding => ({
  kind,
  type,
  path: "/content/0/text",
  start,
  end,
  ruleId: `pii.${type}`,
  action: "redact",
});

describe("handles (src/shared/handles.ts)", () => {
  const text = "a@x.example and B@X.example, DE89 3704 0044 0532 0130 00";
  const findings = [finding("email", 0, 11), finding("email", 16, 27), finding("iban", 29, 56)];
  const redacted = raw("[REDACTED:email] and [REDACTED:email], [REDACTED:iban]");

  it("the same value normalised gets the same handle; types are numbered apart", () => {
    const seen = new Map<string, string>();
    const counts = new Map<string, number>();
    const handleFor = (type: string, value: string) => {
      const h = handleHash(type, value, "salt");
      if (!seen.has(h)) {
        counts.set(type, (counts.get(type) ?? 0) + 1);
        seen.set(h, `[${type.toUpperCase()}_${counts.get(type)}]`);
      }
      return seen.get(h)!;
    };
    const out = putHandles(raw(text), redacted, findings, handleFor);
    expect(out.content[0]).toEqual({ type: "text", text: "[EMAIL_1] and [EMAIL_2], [IBAN_1]" });
    expect(handleHash("email", "A@X.example", "s")).toBe(handleHash("email", "a@x.example", "s"));
    expect(handleHash("iban", "DE89 3704 0044 0532 0130 00", "s")).toBe(
      handleHash("iban", "DE89370400440532013000", "s"),
    );
  });

  it("placeholders that do not line up with the findings are left as they are", () => {
    const planted = raw("[REDACTED:email] [REDACTED:email] and [REDACTED:email], [REDACTED:iban]");
    expect(putHandles(raw(text), planted, findings, () => "[X_1]")).toBe(planted);
  });

  it("secrets keep their placeholder", () => {
    const out = putHandles(
      raw("key ghp_abc"),
      raw("key [REDACTED:github_token]"),
      [finding("github_token", 4, 11, "secret")],
      () => "[X_1]",
    );
    expect(out.content[0]).toEqual({ type: "text", text: "key [REDACTED:github_token]" });
  });

  it("puts values back for known handles, leaves unknown ones, and masks them again", () => {
    const { args, restored } = restoreHandles(
      { to: "[EMAIL_1]", cc: ["[EMAIL_9]"], body: "hi [EMAIL_1]" },
      (h) => (h === "[EMAIL_1]" ? "a@x.example" : undefined),
    );
    expect(args).toEqual({ to: "a@x.example", cc: ["[EMAIL_9]"], body: "hi a@x.example" });
    expect(maskRestored("recipient `a@x.example` came from mail.read", restored)).toBe(
      "recipient `[EMAIL_1]` came from mail.read",
    );
  });

  it("a sealed value opens only with its key, thread salt and handle", () => {
    const sealed = sealValue("a@x.example", "k1", "salt", "[EMAIL_1]", "h");
    expect(sealed).not.toContain("a@x");
    expect(openValue(sealed, "k1", "salt", "[EMAIL_1]", "h")).toBe("a@x.example");
    expect(openValue(sealed, "k2", "salt", "[EMAIL_1]", "h")).toBeUndefined();
    expect(openValue(sealed, "k1", "other", "[EMAIL_1]", "h")).toBeUndefined();
    expect(openValue(sealed, "k1", "salt", "[EMAIL_2]", "h")).toBeUndefined();
  });
});
