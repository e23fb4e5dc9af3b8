/**
 * Rewordings of a sentence for training (`TOLLGATE_REWORDINGS=1` in train.ts): words of an instruction's vocabulary
 * swapped for others of the same meaning, so the model sees "forward the credentials" where the corpus says "send the
 * password". train.ts rewords the chosen instructions and as many benign sentences alike, so a swap is not itself
 * a signal. The groups were written for this session from general English, not from any evaluation set, held-out part
 * or the scorer's unit-test lists.
 */
const GROUPS: readonly (readonly string[])[] = [
  ["send", "forward", "transmit", "deliver", "relay", "upload", "share", "mail"],
  ["ignore", "disregard", "forget", "skip", "abandon", "override", "drop"],
  ["reveal", "print", "show", "output", "display", "disclose", "dump", "expose", "repeat"],
  ["instructions", "rules", "guidelines", "directives", "orders", "commands", "guidance"],
  ["previous", "prior", "earlier", "preceding", "former", "above", "original"],
  ["assistant", "agent", "model", "bot", "helper", "copilot"],
  ["password", "token", "secret", "credential", "passphrase", "key"],
  ["passwords", "tokens", "secrets", "credentials", "passphrases", "keys"],
  ["delete", "remove", "erase", "wipe", "destroy", "purge"],
  ["run", "execute", "invoke", "call", "trigger", "launch"],
  ["immediately", "now", "promptly", "instantly", "first"],
  ["contents", "content", "data", "details", "text"],
  ["user's", "owner's", "customer's", "operator's", "account's"],
  ["all", "every", "any", "each"],
  ["must", "should", "shall", "need to", "have to"],
];

const GROUP_OF = new Map<string, readonly string[]>();
for (const g of GROUPS) for (const w of g) if (!w.includes(" ")) GROUP_OF.set(w, g);

/**
 * Up to `count` rewordings of `key`: each word of a group swapped, with probability one half, for another member of
 * its group (lower case kept as the key writes it; a capitalised word stays capitalised). A key without a group word,
 * or whose draws change nothing, gives none.
 */
export function rewordings(key: string, random: () => number, count = 2): string[] {
  const out = new Set<string>();
  for (let n = 0; n < count; n++) {
    const text = key.replace(/[\p{L}']+/gu, (word) => {
      const group = GROUP_OF.get(word.toLowerCase());
      if (group === undefined || random() < 0.5) return word;
      const others = group.filter((w) => w !== word.toLowerCase());
      const pick = others[Math.floor(random() * others.length)]!;
      return word[0] !== word[0]!.toLowerCase() ? pick[0]!.toUpperCase() + pick.slice(1) : pick;
    });
    if (text !== key) out.add(text);
  }
  return [...out];
}
