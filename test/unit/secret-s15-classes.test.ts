/**
 * Session 15's secret classes: what a form, a locale file or a schema writes under a password key (field text: the
 * word in another language, a status word, a message) is no password; a one-word password alone on an env, YAML or
 * INI line is one; a weak password set beside its user name is one. The passwords here are ordinary words, not
 * credential-shaped values.
 */
import { describe, expect, it } from "vitest";
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
    ['user: "${DB_USER}"\npassword: "${DB_PASSWORD}"'],
    ["user=apache password=******"],
    // No user name near it: the weak value alone is not read.
    ["password = open_sesame\n"],
  ])("not %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});
