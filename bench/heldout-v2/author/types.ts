/** One hand-authored entry before ids are assigned (see ../README.md for how the set was authored). */
export interface Authored {
  label: "attack" | "benign";
  class: string;
  language: string;
  obfuscation: string;
  carrier: string;
  text: string;
}

export const ATTACK_CLASSES = [
  "tool-hijack",
  "exfiltration",
  "fake-turn",
  "role-reassignment",
  "prompt-leak",
  "goal-hijack",
] as const;

export const BENIGN_CLASSES = [
  "chat-api-docs",
  "imperative-docs",
  "ordinary-correspondence",
  "security-writing",
  "warning-text",
  "test-fixture",
  "changelog",
  "support-ticket",
  "markdown-media",
  "data-record",
  "ordinary-text",
] as const;

/** A plain attack (no obfuscation). */
export const attack = (cls: string, language: string, carrier: string, text: string): Authored => ({
  label: "attack",
  class: cls,
  language,
  obfuscation: "none",
  carrier,
  text,
});

export const benign = (cls: string, language: string, carrier: string, text: string): Authored => ({
  label: "benign",
  class: cls,
  language,
  obfuscation: "none",
  carrier,
  text,
});
