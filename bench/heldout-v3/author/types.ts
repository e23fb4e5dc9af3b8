/** One hand-authored entry before ids are assigned (see ../README.md for how the set was authored). */
export interface Authored {
  label: "attack" | "benign";
  class: string;
  language: string;
  obfuscation: string;
  carrier: string;
  text: string;
}

/**
 * Attack classes: the ten that issue 18 names as missed on sets the team had not seen, then the four ordinary ones.
 * Each is written from general knowledge of the genre, never from the project's rules or earlier sets.
 */
export const ATTACK_CLASSES = [
  "user-claim",
  "reader-todo",
  "pseudo-system",
  "tool-args",
  "glued-field",
  "misspelt-verb",
  "git-branch",
  "commit-subject",
  "important-block",
  "forged-turn-body",
  "exfiltration",
  "goal-hijack",
  "prompt-leak",
  "role-reassignment",
] as const;

/** Hard benign classes: text that quotes attacks, tells a human what to do, or looks like a turn or a notice. */
export const BENIGN_CLASSES = [
  "advisory",
  "ticket",
  "code-comment",
  "runbook",
  "prompt-format-doc",
  "transcript-log",
  "forwarded-email",
  "config",
  "git-history",
  "tool-doc",
  "team-todo",
  "notice-block",
  "data-record",
  "ordinary-text",
] as const;

export type AttackClass = (typeof ATTACK_CLASSES)[number];
export type BenignClass = (typeof BENIGN_CLASSES)[number];
