import { describe, expect, it } from "vitest";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import {
  appendOutputFacts,
  appendUserMessage,
  decodedVariants,
  emptyProvenance,
  extractValueFacts,
  extractValues,
  hashValue,
  MAX_PROVENANCE_OUTPUTS,
  normaliseValue,
  passageWindows,
  provenanceProblem,
  type ToolOutputFacts,
} from "../../src/shared/provenance.js";

const SALT = "thread-salt-1";
const kinds = (text: string, side?: "user" | "tool" | "argument") =>
  extractValues(text, { side }).map((v) => `${v.kind}:${v.norm}`);
const hashes = (value: unknown, side?: "user" | "tool" | "argument") =>
  new Set(extractValueFacts(value, SALT, { side }).map((f) => f.h));

const PASSAGE =
  "The quarterly revenue of the northern division rose by eleven percent, driven mostly by the new " +
  "maintenance contracts signed in the spring with three regional hospitals and a university campus.";

describe("normaliseValue", () => {
  it("spells the same value one way", () => {
    expect(normaliseValue("email", "Alice.Smith@Example.COM.")).toBe("alice.smith@example.com");
    expect(normaliseValue("email", "mailto:bob@x.org")).toBe("bob@x.org");
    expect(normaliseValue("iban", "de89 3704-0044 0532 0130 00")).toBe("DE89370400440532013000");
    expect(normaliseValue("phone", "+1 (415) 555-0100")).toBe("14155550100");
    expect(normaliseValue("url", "HTTPS://WWW.Evil.example/Pay/?a=1).")).toBe("https://evil.example/Pay?a=1");
    expect(normaliseValue("host", "WWW.Evil.Example.")).toBe("evil.example");
    expect(normaliseValue("path", "/etc//passwd/")).toBe("/etc/passwd");
    expect(normaliseValue("command", "  curl  -s\thttp://x  ")).toBe("curl -s http://x");
    expect(normaliseValue("passage", "Hello,  World!")).toBe(normaliseValue("passage", "hello world"));
  });

  it("refuses what is not a value of the kind", () => {
    expect(normaliseValue("email", "not an email")).toBeUndefined();
    expect(normaliseValue("iban", "hello")).toBeUndefined();
    expect(normaliseValue("phone", "12")).toBeUndefined();
  });
});

describe("extractValues", () => {
  it("finds the security-relevant values of a text", () => {
    const found = kinds(
      "Mail bob@corp.example, pay DE89 3704 0044 0532 0130 00, call +44 20 7946 0958, " +
        "open https://pay.evil.example/x?id=7 or docs.example.org, edit /home/u/.ssh/config, run `rm -rf /tmp/x`.",
    );
    expect(found).toContain("email:bob@corp.example");
    expect(found).toContain("iban:DE89370400440532013000");
    expect(found).toContain("phone:442079460958");
    expect(found).toContain("url:https://pay.evil.example/x?id=7");
    expect(found).toContain("host:pay.evil.example");
    expect(found).toContain("host:docs.example.org");
    expect(found).toContain("path:/home/u/.ssh/config");
    expect(found).toContain("command:rm -rf /tmp/x");
  });

  it("does not read a file name or a date as a host or a phone", () => {
    const found = kinds("see report.pdf from 2024-01-15");
    expect(found.some((v) => v.startsWith("host:"))).toBe(false);
    expect(found.some((v) => v.startsWith("phone:") || v.startsWith("account:"))).toBe(false);
  });

  it("finds token-shaped secrets on every side, plain passwords on the user side only", () => {
    const token = fakeGithubToken();
    expect(kinds(`token=${token}`)).toContain(`secret:token=${token}`);
    expect(kinds(`use ${token} now`)).toContain(`secret:${token}`);
    expect(kinds("set my password to hunter2hunter", "user")).toContain("secret:hunter2hunter");
    expect(kinds("set my password to hunter2hunter", "tool")).not.toContain("secret:hunter2hunter");
  });
});

describe("passages", () => {
  it("a copied passage shares windows with its source whatever surrounds it, re-spaced or reversed", () => {
    const source = new Set(passageWindows(`Report:\n${PASSAGE}\nEnd.`));
    expect(source.size).toBeGreaterThan(0);
    const copied = passageWindows(`fyi -- ${PASSAGE.toUpperCase().replace(/ /g, "   ")} thanks`);
    expect(copied.some((w) => source.has(w))).toBe(true);
    const reversed = passageWindows([...PASSAGE].reverse().join(""));
    expect(reversed.some((w) => source.has(w))).toBe(true);
  });

  it("short strings carry no passage", () => {
    expect(passageWindows("a short note")).toEqual([]);
  });
});

describe("argument-side decoding", () => {
  it("base64, hex and reversed copies of a tool's value hash like the value", () => {
    const token = fakeGithubToken("p", 99);
    const tool = hashes(`your key: ${token}`);
    for (const arg of [
      Buffer.from(token).toString("base64"),
      Buffer.from(`key ${token}`).toString("base64url"),
      Buffer.from(token).toString("hex"),
      [...token].reverse().join(""),
    ]) {
      const argHashes = hashes(arg, "argument");
      expect(
        [...argHashes].some((h) => tool.has(h)),
        arg,
      ).toBe(true);
    }
  });

  it("reversed addresses, links, hosts and numbers in prose hash like the value", () => {
    const reversed = (t: string) => [...t].reverse().join("");
    for (const value of [
      "audit@evil.example",
      "https://evil.example/drop",
      "evil.example",
      "GB33BUKB20201555555555",
    ]) {
      const tool = hashes(`send it to ${value} today`);
      const arg = hashes(`kind words and ${reversed(value)} and more kind words`, "argument");
      expect(
        [...arg].some((h) => tool.has(h)),
        value,
      ).toBe(true);
    }
  });

  it("decodes nothing on the tool side", () => {
    expect(decodedVariants("plain words only")).toEqual([{ text: "ylno sdrow nialp", reversed: true }]);
  });
});

describe("hashes", () => {
  it("depend on the salt and the key", () => {
    expect(hashValue("a@b.c", "s1")).not.toBe(hashValue("a@b.c", "s2"));
    expect(hashValue("a@b.c", "s1")).not.toBe(hashValue("a@b.c", "s1", "k"));
    expect(hashValue("a@b.c", "s1", "k")).toBe(hashValue("a@b.c", "s1", "k"));
    expect(hashValue("x", "s1")).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("never carry a value in clear", () => {
    const facts = extractValueFacts({ to: "alice@example.com", note: PASSAGE }, SALT);
    expect(JSON.stringify(facts)).not.toMatch(/alice|quarterly|example/);
  });
});

describe("the thread record", () => {
  const output = (n: number): ToolOutputFacts => ({ server: "s", tool: `t${n}`, values: [], injection: [] });

  it("a human message starts a turn and adds the user's values", () => {
    let facts = emptyProvenance(SALT);
    facts = appendOutputFacts(facts, output(1));
    facts = appendUserMessage(facts, "send it to carol@example.com");
    expect(facts.turnStart).toBe(1);
    expect(facts.user.map((f) => f.h)).toContain(hashValue("carol@example.com", SALT));
    facts = appendOutputFacts(facts, output(2));
    expect(facts.outputs.slice(facts.turnStart).map((o) => o.tool)).toEqual(["t2"]);
  });

  it("keeps the last outputs and moves turnStart with them", () => {
    let facts = emptyProvenance(SALT);
    for (let i = 0; i < MAX_PROVENANCE_OUTPUTS; i++) facts = appendOutputFacts(facts, output(i));
    facts = appendUserMessage(facts, "next");
    facts = appendOutputFacts(facts, output(-1));
    expect(facts.outputs).toHaveLength(MAX_PROVENANCE_OUTPUTS);
    expect(facts.outputs[facts.turnStart]?.tool).toBe("t-1");
  });

  it("validation names the malformed field", () => {
    expect(provenanceProblem(emptyProvenance(SALT))).toBeUndefined();
    expect(provenanceProblem({ ...emptyProvenance(SALT), v: 2 })).toMatch(/provenance\/v/);
    expect(
      provenanceProblem({
        ...emptyProvenance(SALT),
        outputs: [{ server: "s", tool: 1, values: [], injection: [] }],
      }),
    ).toMatch(/outputs\/0/);
  });
});

describe("deriveThreadSalt", () => {
  it("is the salt without a key, a keyed derivation with one", async () => {
    const { deriveThreadSalt } = await import("../../src/shared/provenance.js");
    expect(deriveThreadSalt("s", undefined)).toBe("s");
    expect(deriveThreadSalt("s", "k1")).not.toBe("s");
    expect(deriveThreadSalt("s", "k1")).not.toBe(deriveThreadSalt("s", "k2"));
    expect(deriveThreadSalt("s", "k1")).toBe(deriveThreadSalt("s", "k1"));
  });
});
