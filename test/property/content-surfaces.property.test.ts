/**
 * Resources and prompts go through the output check as CallToolResults and back. Invariant: whatever the check
 * redacts is gone from every place of the resource or prompt the model can read, and the shape (URIs, roles,
 * message count) survives.
 */
import type { GetPromptResult, ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolInterceptor, InvalidToolResultError } from "../../src/index.js";
import { promptMapping, resourceMapping } from "../../src/install/content-surfaces.js";

const guard = createToolInterceptor({ policy: { sanitizer: { mode: "pass-through" } } });
const email = fc
  .tuple(fc.stringMatching(/^[a-z]{2,8}$/), fc.stringMatching(/^[a-z]{2,8}$/))
  .map(([user, host]) => `${user}@${host}.example.com`);
const filler = fc.stringMatching(/^[A-Za-z ,.]{0,40}$/);
const withEmail = fc.tuple(filler, email, filler).map(([a, e, b]) => ({ text: `${a} ${e} ${b}`, email: e }));

describe("resources and prompts through the output check", () => {
  it("a resource: every e-mail address is redacted from every content, URIs kept", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(withEmail, { minLength: 1, maxLength: 4 }), async (items) => {
        const raw: ReadResourceResult = {
          contents: items.map((item, i) => ({
            uri: `notes://${i}`,
            mimeType: "text/plain",
            text: item.text,
          })),
        };
        const checked = resourceMapping.fromResult(
          await guard.checkContent({
            serverName: "acme",
            surface: "resources/read",
            args: { uri: "notes://0" },
            result: resourceMapping.toResult(raw),
          }),
          raw,
        );
        expect(checked.contents.map((c) => c.uri)).toEqual(raw.contents.map((c) => c.uri));
        for (const item of items) expect(JSON.stringify(checked)).not.toContain(item.email);
      }),
      { numRuns: 50 },
    );
  });

  it("a prompt: description and every message are redacted; roles and order kept", async () => {
    await fc.assert(
      fc.asyncProperty(
        withEmail,
        fc.array(fc.tuple(withEmail, fc.constantFrom("user" as const, "assistant" as const)), {
          minLength: 1,
          maxLength: 4,
        }),
        async (description, messages) => {
          const raw: GetPromptResult = {
            description: description.text,
            messages: messages.map(([m, role]) => ({ role, content: { type: "text", text: m.text } })),
          };
          const checked = promptMapping.fromResult(
            await guard.checkContent({
              serverName: "acme",
              surface: "prompts/get",
              args: { name: "p" },
              result: promptMapping.toResult(raw),
            }),
            raw,
          );
          expect(checked.messages.map((m) => m.role)).toEqual(raw.messages.map((m) => m.role));
          const seen = JSON.stringify(checked);
          expect(seen).not.toContain(description.email);
          for (const [m] of messages) expect(seen).not.toContain(m.email);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("a checked result that no longer maps back fails closed with a typed error", () => {
    const raw: ReadResourceResult = { contents: [{ uri: "notes://1", text: "x" }] };
    expect(() => resourceMapping.fromResult({ content: [{ type: "text", text: "x" }] }, raw)).toThrow(
      InvalidToolResultError,
    );
    const prompt: GetPromptResult = {
      description: "d",
      messages: [{ role: "user", content: { type: "text", text: "m" } }],
    };
    expect(() =>
      promptMapping.fromResult({ content: [{ type: "image", data: "", mimeType: "image/png" }] }, prompt),
    ).toThrow(InvalidToolResultError);
  });
});
