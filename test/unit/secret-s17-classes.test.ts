/**
 * Session 17's secret classes: Azure App Service's Key Vault reference (`@Microsoft.KeyVault(...)`) is where a secret
 * lives, not the secret; and the stand-in-body policy, kept: a vendor prefix with its token's structure does not vouch
 * for a body of one repeated character or of zeros (issue 16 lists placeholder keys as false positives), while the
 * same prefix with a generated body is read; a call's key and value arguments read a bare `*_KEY` or a `*_SALT` as an
 * assignment does (a generated value only), and a generated value of 40+ printable characters may hold a space
 * (WordPress's `define('NONCE_KEY', '...')`). Values are built from pieces.
 */
import { describe, expect, it } from "vitest";
import { AN, j, PRINTABLE, run } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const found = secretsFound;
const KV = j("@Microsoft.", "KeyVault(");

describe("an Azure Key Vault reference is no secret", () => {
  it.each([
    [`"DbPassword": "${KV}SecretUri=https://kv-prod.vault.azure.net/secrets/db-password/)"`],
    [`DB_PASSWORD=${KV}VaultName=kv-prod;SecretName=db-password)`],
    [`<add key="ApiKey" value="${KV}SecretUri=https://kv.vault.azure.net/secrets/api-key/3f2a)" />`],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });

  it("a value that only starts like one is still read", () => {
    const value = j("@Microsoft.", "KeyVault", run(16, AN, 171));
    expect(found(`"DbPassword": "${value}"`)).toContainEqual(["generic_credential", value]);
  });
});

describe("stand-in bodies behind a vendor prefix stay look-alikes (policy kept)", () => {
  it.each([
    [j('STRIPE_SECRET_KEY="sk_', "live_", "a".repeat(24), '"')],
    [j("SENDGRID_API_KEY=SG.", "a".repeat(22), ".", "b".repeat(43))],
    [j("GITHUB_TOKEN=ghp_", "0".repeat(36))],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });

  it("the same prefix with a generated body is read", () => {
    const key = j("sk_", "live_", run(24, AN, 172));
    expect(found(`STRIPE_SECRET_KEY="${key}"`).map(([, v]) => v)).toContain(key);
  });
});

describe("generated keys and salts given to a call, and generated values with a space", () => {
  /** A 64-character generated value holding a space, as WordPress's salt generator writes them. */
  const wp = (seed: number): string => {
    for (let s = seed; ; s++) {
      const v = run(64, PRINTABLE, s);
      if (v.includes(" ") && !v.startsWith(" ") && !v.endsWith(" ")) return v;
    }
  };
  it.each([
    [`define('NONCE_KEY', '${wp(181)}');`, wp(181)],
    [`define('AUTH_SALT',        '${wp(2182)}');`, wp(2182)],
    [`define('LOGGED_IN_SALT', '${run(64, AN, 183)}');`, run(64, AN, 183)],
    [`NONCE_KEY = '${wp(4184)}'`, wp(4184)],
  ])("%s", (text, value) => {
    expect(found(text)).toContainEqual(["generic_credential", value]);
  });

  it.each([
    // A label with spaces, a name, a value under a key about something else, a short salt, a path.
    ['t("nonce_key", "Enter the nonce key you were given for this request")'],
    ["define('SORT_KEY', 'created_at desc');"],
    [`define('SORT_KEY', '${run(32, AN, 185)}');`],
    ["define('AUTH_SALT', 'abc123');"],
    [`define('NONCE_SALT', '/var/lib/app/${run(32, AN, 186)}/salt.bin');`],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });
});
