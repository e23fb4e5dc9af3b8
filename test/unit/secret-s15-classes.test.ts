/**
 * Session 15's secret classes: what a form, a locale file or a schema writes under a password key (field text: the
 * word in another language, a status word, a message) is no password; a one-word password alone on an env, YAML or
 * INI line is one; a weak password set beside its user name is one. The passwords here are ordinary words, not
 * credential-shaped values.
 */
import { describe, expect, it } from "vitest";
import { AN, j, run } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const found = secretsFound;

describe("field text under a password key is no password", () => {
  it.each([
    ['{"login": {"username": "Benutzername", "password": "Passwort"}}'],
    ['{"auth.password": "Mot de passe", "auth.login": "Connexion"}'],
    ['{ "password": "contraseña", "username": "usuario" }'],
    ['{"password": "adgangskode"}'],
    ["sv:\n  user:\n    password: lösenord\n"],
    ["export const de = {\n  password: 'Passwort',\n  newPassword: 'Neues Passwort',\n};"],
    ["const labels = { password: 'wachtwoord', username: 'gebruikersnaam' };"],
    ['en:\n  errors:\n    password: "is too short (minimum is 8 characters)"'],
    ['{"errors": {"password": "doesn\'t match"}}'],
    ['{"passwordStatus": "ok", "password": "Unchanged"}'],
    ["password: 'Required'"],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("a one-word password alone on a configuration line", () => {
  it.each([
    ["REACT_APP_AUTH_PASS=whiteduke\n", "whiteduke"],
    ["# REACT_APP_PASS=whiteduke", "whiteduke"],
    ["[DEFAULTS]\nSSHuser = root\nSSHpassword = quietgrove\n", "quietgrove"],
    ["repository: https://upload.pypi.org\nusername: someone\npassword: bluemarble\n", "bluemarble"],
  ])("%s", (text, value) => {
    expect(found(text)).toContainEqual(["generic_credential", value]);
  });

  it.each([
    // Python: a lower-case key with `=` and an unquoted word is a variable.
    ["password = userpass\n"],
    // A line that goes on is code.
    ["const options = { password: hashedpass, user };"],
    // A status word.
    ["password: required\n"],
  ])("not %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("a weak password beside its user name", () => {
  it.each([
    ["user = Aladdin\npassword = open_sesame\n", "open_sesame"],
    ["user = Aladdin\n// a comment\npassword = open_sesame\n", "open_sesame"],
    ["Server=db;User ID=app;Password=pyne;Database=main;", "pyne"],
    ['{"username": "deploy", "password": "admin1"}', "admin1"],
  ])("%s", (text, value) => {
    expect(found(text)).toContainEqual(["generic_credential", value]);
  });

  it.each([
    // A variable passed on: a password word as the value.
    ["connect(user=user, password=passwd)"],
    ["username = env.APP_USERNAME\npassword = env.APP_PASSWORD\n"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell-style placeholder in a YAML value, not a template
    ['user: "${DB_USER}"\npassword: "${DB_PASSWORD}"'],
    ["user=apache password=******"],
    // No user name near it: the weak value alone is not read.
    ["password = open_sesame\n"],
  ])("not %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("user and password flags of a command line", () => {
  it.each([
    ["psexec \\\\host -u Administrator -p dev_admin cmd", "dev_admin"],
    ["docker login -u deploy -p bluemarble registry.local", "bluemarble"],
  ])("%s", (text, value) => {
    expect(found(text)).toContainEqual(["generic_credential", value]);
  });

  it.each([
    ["psexec \\\\host -u User -p $Password -i calc.exe"],
    ["tool -u admin -p -v"],
  ])("not %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("vendor tokens of session 15, each under its vendor's type", () => {
  const B64 = `${AN}+/`;
  it.each([
    ["Deno Deploy", "DENO_TOKEN=", j("dd", "p_", run(36, AN, 41)), "deno_token"],
    ["Deno OAuth", "", j("dd", "o_", run(36, AN, 42)), "deno_token"],
    ["Elastic Cloud", "ELASTIC_KEY=", j("es", "su_", run(92, B64, 43)), "elastic_cloud_key"],
  ])("%s", (_vendor, before, tokenValue, type) => {
    expect(found(`${before}${tokenValue}\n`)).toContainEqual([type, tokenValue]);
  });

  it("an Elastic key cut before its checksum is not one", () => {
    expect(found(j("es", "su_", run(80, `${AN}+/`, 44)))).toEqual([]);
  });
});
