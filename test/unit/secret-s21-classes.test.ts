/**
 * Session 21's secret classes, from the tune half of the session-21 evaluation part (checkov's sanity fixtures,
 * earlybird's false-positive table, eslint-plugin-no-secrets' rule test): words written for a reader under a
 * credential key (a capitalised label or sentence, in any language) and a path to a file are not the credential;
 * lower-case words (a passphrase), a capitalised value with a digit or a symbol, and generated values stay read.
 */
import { describe, expect, it } from "vitest";
import { AN, run } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const found = secretsFound;
const B64 = `${AN}+/`;

describe("a label or a sentence under a credential key is no credential", () => {
  it.each([
    ['"sendOneTimePassword": "Send engangskode"'],
    ['"oneTimePasswordSms": "Engangskode fra sms"'],
    ['"new_password_intro": "Skriv inn mobilnummeret ditt og vi sender deg en engangskode på SMS."'],
    ['const val AUTHORIZATION_TOKEN = "Authorization Token",'],
    [`const NOT_A_SECRET = "I'm not a secret, I think";`],
    ['password_hint: "Choose something memorable"'],
    ["API_KEY_LABEL = 'Clé API personnelle'"],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("a path to a file under a credential key is no credential", () => {
  it.each([
    ["api.auth.Password: /foo/bar/Password.js"],
    ['"client_secret": "./config/secrets/client.json"'],
    ["ssh_private_key = ~/.ssh/deploy_key.pem"],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("values beside those borders stay credentials", () => {
  it.each([
    ['password: "correct horse battery staple"', "correct horse battery staple"],
    ['password: "Correct horse battery 7"', "Correct horse battery 7"],
    ['password = "Tr0ub4dor and 3"', "Tr0ub4dor and 3"],
    [`api_key: "${run(32, AN, 2101)}"`, run(32, AN, 2101)],
    [
      `secret_key = "${run(20, B64, 2102)}/${run(19, B64, 2103)}"`,
      `${run(20, B64, 2102)}/${run(19, B64, 2103)}`,
    ],
  ])("%s", (text, value) => {
    expect(found(text).map(([, v]) => v)).toContain(value);
  });
});

describe("an Azure storage account key under a key naming storage", () => {
  const key = `${run(86, B64, 2111)}==`;
  it.each([
    [`AZURE_STORAGE_KEY=${key}`],
    [`AzureStoragekey : ${key}`],
    [`"storage_account_key": "${key}"`],
  ])("%s", (text) => {
    expect(found(text)).toContainEqual(["azure_storage_key", key]);
  });

  it("a value without the 64-byte key's padding, or a browser storage key's name, is not one", () => {
    expect(found(`storage_key=${run(86, B64, 2112)}`)).toEqual([]);
    expect(found("localStorage key: session-theme-preference")).toEqual([]);
  });
});
