/**
 * The lists the scorer's unit test holds the model to (`PARAPHRASES`, `BENIGN` in test/unit/injection-scorer.test.ts),
 * read from the test itself so a bench that reports on them cannot drift from what the test checks.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The string literals of `const <name> = [ ... ];` in the scorer's unit test (one literal a line). */
export function floorList(name: "PARAPHRASES" | "BENIGN"): string[] {
  const test = readFileSync(
    fileURLToPath(new URL("../../test/unit/injection-scorer.test.ts", import.meta.url)),
    "utf8",
  );
  const m = new RegExp(`const ${name} = \\[([\\s\\S]*?)\\n\\];`).exec(test);
  if (m === null) throw new Error(`${name} not found in injection-scorer.test.ts`);
  return m[1]!
    .split("\n")
    .map((l) => l.trim().replace(/,$/, ""))
    .filter(Boolean)
    .map((l) =>
      l.startsWith("'")
        ? (JSON.parse(`"${l.slice(1, -1).replace(/"/g, '\\"')}"`) as string)
        : (JSON.parse(l) as string),
    );
}
