/**
 * Session 23: a request word after a determiner or a possessive is a noun or an adjective, and "tell me" asks for an
 * answer, not a send (`turnIntent` reads the message's effects and words that way; names and ids from all of it).
 */
import { describe, expect, it } from "vitest";
import { turnIntent, wordHash } from "../../src/shared/intent.js";

const SALT = "reading-salt";
const effects = (text: string) => turnIntent(text, SALT).effects;
const says = (text: string, word: string) => turnIntent(text, SALT).words.includes(wordHash(word, SALT));

describe("request words read less loosely", () => {
  it("a noun after a determiner or a possessive asks for nothing", () => {
    expect(effects("A customer asked about a refund in #support. What did they say?")).not.toContain("pay");
    expect(effects("What is the status of the transfer to Jonas?")).not.toContain("pay");
    expect(says("E-mail them that the NDA is in our shared folder.", "shared")).toBe(false);
    expect(says("Read the RSVP page linked in Mia's invite.", "invite")).toBe(false);
  });

  it("the same words as verbs still ask", () => {
    expect(effects("Refund Priya the 40 EUR.")).toContain("pay");
    expect(effects("Transfer 60 EUR to the club.")).toContain("pay");
    expect(says("Share the folder with finance.", "share")).toBe(true);
    expect(says("Invite Noor to #design.", "invite")).toBe(true);
  });

  it("'tell me' asks for an answer; 'tell Dana' still asks to send", () => {
    expect(says("Tell me my balance.", "tell")).toBe(false);
    expect(says("Tell Dana the meeting moved.", "tell")).toBe(true);
  });

  it("destructive verbs stay requests after a determiner, and names and ids come from the whole message", () => {
    expect(effects("Do the delete of the old drafts.")).toContain("delete");
    const intent = turnIntent("Check the refund for order A-17.", SALT);
    expect(intent.ids).toContain(wordHash("refund", SALT));
    expect(intent.ids).toContain(wordHash("a-17", SALT));
  });
});
