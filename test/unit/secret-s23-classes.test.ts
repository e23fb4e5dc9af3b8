/**
 * Session 23's look-alike classes (issue 16, item 2): near misses of a vendor's own shape, as rule authors write
 * them beside their positives. A vendor's prefix with a placeholder body (a run of the alphabet or of digits in
 * code order, case aside; hexspeak filler such as `deadbeef`), and a value under a key that names a vendor whose
 * token has a fixed form the value does not have (wrong length, wrong alphabet). Each class has its controls: the
 * same prefix or key with a generated value is still a secret.
 */
import { describe, expect, it } from "vitest";
import { AN, HEX, j, run } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const values = (text: string) => secretsFound(text).map(([, v]) => v);
const B64 = `${AN}+/`;

describe("a vendor's prefix with a placeholder body is a look-alike", () => {
  it.each([
    // Digits then letters in code order, case aside (`...6789` does not run into `a` in code order: two runs).
    [j("dapi", "23456789", run(24, HEX, 2301))],
    [j("sk_live_", "BcDeFgHiJk", run(24, AN, 2302))],
    [j("rk_test_", run(6, AN, 2303), "mnopqrstuv", run(12, AN, 2304))],
    // Hexspeak filler written in place of a body.
    [j("sk_live_", "0dead", "beef0dead", "beef0dead", "beef0dea")],
    [j("dapi", "dead", "beef", run(24, HEX, 2305))],
    [j("token = '", "sk_test_", "cafe", "babe", run(20, AN, 2306), "'")],
  ])("%s", (text) => {
    expect(values(text)).toEqual([]);
  });
});

describe("the same prefixes with generated bodies are still secrets", () => {
  it.each([
    [j("dapi", run(32, HEX, 2311))],
    [j("sk_live_", run(24, AN, 2312))],
    [j("rk_test_", run(28, AN, 2313))],
    // A short run in code order is chance in a generated body (`abc`, `4567`).
    [j("sk_live_", run(8, AN, 2314), "4567", run(12, AN, 2315))],
    [j("sk_live_", run(8, AN, 2316), "AbCdEfG", run(12, AN, 2317))],
  ])("%s", (text) => {
    expect(values(text).length).toBeGreaterThan(0);
  });
});

describe("a value under a vendor's key that has not the vendor's fixed form", () => {
  it.each([
    // An AWS secret access key is 40 base64 characters: 42 hex digits under its name are something else.
    [j("export AWS_SECRET_ACCESS_KEY=", run(42, HEX, 2321))],
    [j("aws_secret_access_key = '", run(64, HEX, 2322), "'")],
    // A SonarQube token named sonar is 40 hex: 40 characters with letters past `f` are not one.
    [j("SONAR_TOKEN=", run(40, "ghijklmnopqrstuvwxyz", 2323))],
  ])("%s", (text) => {
    expect(values(text)).toEqual([]);
  });
});

describe("the vendor's fixed form under its key, and values under keys that name no vendor, are still secrets", () => {
  it.each([
    [j("export AWS_SECRET_ACCESS_KEY=", run(40, B64, 2331))],
    [j("SONAR_TOKEN=", run(40, HEX, 2332))],
    // No vendor named: the credential-by-name rule reads the value as before.
    [j("export DEPLOY_SECRET=", run(42, HEX, 2333))],
    [j("api_secret = '", run(64, HEX, 2334), "'")],
  ])("%s", (text) => {
    expect(values(text).length).toBeGreaterThan(0);
  });
});
