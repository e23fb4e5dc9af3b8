/**
 * The input-hazard classes of issue #9 (item 6): every spelling of an internal address, names that resolve to one,
 * paths with look-alike slashes and sensitive files, SQL with comments as whitespace and tautologies, shell words
 * with quotes inside. Built for the class: each group mixes spellings the detectors were not written against.
 */
import { describe, expect, it } from "vitest";
import { resolvePolicy } from "../../src/engine/policy.js";
import { detectHazards as detect, hazardTypes as types } from "../helpers/hazard-detect.js";

describe("SSRF: every spelling of the metadata address", () => {
  it.each([
    "http://１６９.２５４.１６９.２５４/latest", // full-width digits
    "http://①⑥⑨.②⑤④.①⑥⑨.②⑤④/", // circled digits
    "http://169。254。169。254/", // ideographic full stop
    "http://169．254．169．254/", // full-width full stop
    "http://169｡254｡169｡254/", // half-width ideographic full stop
    "http://0xa9.0xfe.0251.254/", // mixed hex and octal
    "http://0xa9.254.43518/", // mixed, two parts folded
    "http://[::ffff:169.254.169.254]/", // IPv4-mapped IPv6, dotted
    "http://[0:0:0:0:0:ffff:a9fe:a9fe]/", // mapped, long form
    "http://[64:ff9b::a9fe:a9fe]/", // NAT64 embedding
    "http://good.example@169.254.169.254/", // userinfo trick
    "http://169.254.169.254#@good.example", // fragment trick
    "http://169.254.169.254\\@good.example/", // backslash trick
    "//169.254.169.254/latest/meta-data", // scheme-relative
    "url=//169.254.169.254/", // scheme-relative inside an argument
    "HTTP://169.254.169.254/", // upper-case scheme
    "fetch 169.254.169.254:80/latest", // bare host:port
    "http：／／169.254.169.254／", // full-width colon and slashes
    "http://168.63.129.16/machine", // Azure wire server
  ])("%s", (text) => {
    expect(types(text)).toContain("ssrf");
  });
});

describe("SSRF: dangerous schemes", () => {
  it.each([
    "gopher://example.com:6379/_INFO",
    "dict://example.com:11211/stat",
    "file:///etc/passwd",
    "file:/etc/passwd",
    "ftp://example.com/pub",
    "ldap://example.com/dc=x",
    "jar:http://example.com/x.jar!/",
  ])("%s", (text) => {
    expect(types(text)).toContain("ssrf");
  });
});

describe("SSRF: loopback by address and by name", () => {
  it.each([
    "http://localhost.localdomain/",
    "http://admin.localhost/",
    "http://ip6-localhost/",
    "http://127.0.0.1.nip.io/",
    "http://app.127-0-0-1.sslip.io/",
    "http://127.0.0.1.xip.io:8080/",
    "http://localtest.me/",
    "http://api.localtest.me/",
    "http://foo.lvh.me:3000/",
    "http://0177.0.0.1/",
    "http://0x7f.1/",
    "http://[::]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]/",
    "localhost:6379",
    "redis at 127.0.0.1:6379",
    "http://１２７.０.０.１/",
  ])("%s", (text) => {
    expect(types(text)).toContain("ssrf_loopback");
  });

  it("a wildcard-DNS name that embeds the metadata address is the metadata address", () => {
    expect(types("http://169.254.169.254.nip.io/latest")).toContain("ssrf");
    expect(types("http://a9fea9fe.nip.io/")).toContain("ssrf");
  });
});

describe("SSRF: private ranges and cluster-internal names (ssrf_private)", () => {
  it.each([
    "http://10.0.0.5/",
    "http://172.16.3.4:8080/",
    "http://192.168.1.1/admin",
    "http://100.64.0.1/",
    "http://169.254.1.1/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fe80::1%25eth0]/", // zone id (WHATWG rejects it; curl does not)
    "http://[fe80::1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://10.0.0.1.nip.io/",
    "http://redis.default.svc.cluster.local:6379/",
    "http://payments.svc/",
    "http://vault.internal/",
    "http://printer.local/",
    "db.internal:5432",
    "10.1.2.3:22",
  ])("%s", (text) => {
    expect(types(text)).toContain("ssrf_private");
  });

  it("metadata.google.internal is the metadata service, not a private name", () => {
    expect(types("http://metadata.google.internal/computeMetadata/v1/")).toContain("ssrf");
  });

  it("the policy sets private ranges on their own, flag by default", () => {
    expect(resolvePolicy({}).inputHazards.ssrf_private).toBe("flag");
    expect(resolvePolicy({ inputHazards: { ssrf_private: "block" } }).inputHazards.ssrf_private).toBe(
      "block",
    );
    expect(resolvePolicy({}).inputHazards.ssrf).toBe("block");
    expect(resolvePolicy({}).inputHazards.ssrf_loopback).toBe("block");
  });
});

describe("SSRF: public hosts and look-alikes stay clean", () => {
  it.each([
    "https://example.com/path",
    "https://api.github.com/repos/x/y",
    "http://8.8.8.8/",
    "http://[2001:db8::1]/",
    "version 10.0.1 is out",
    "released on 10.02.2024",
    "My phone number is 2852039167.",
    "the dict: a mapping type",
    "runs on localhost by default",
    "std::vector<int> v;",
    "at 12:30:45 the job ran",
    "see https://nip.io/ for how it works",
    "a file: see the docs",
    "::a jane.roe@example.com", // a valid IPv6 literal, but not 0.0.0.10
    "http://0.1.2.3/", // 0/8 other than 0.0.0.0 does not reach the machine
  ])("%s", (text) => {
    expect(detect(text)).toEqual([]);
  });

  it("reports the span of the URL in the original text", () => {
    const text = "go http://１６９.２５４.１６９.２５４/latest now";
    const [m] = detect(text);
    expect(text.slice(m!.start, m!.end)).toBe("http://１６９.２５４.１６９.２５４");
  });
});
