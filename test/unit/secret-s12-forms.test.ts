import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import type { TextMatch } from "../../src/engine/types.js";
import { fakePassword, randomString } from "../../src/shared/fake-credentials.js";

/*
 * Session 12: credentials in code, command-line, SQL and markup syntax (credential-forms-3.ts), and the walk's
 * look-alikes that are pieces of code (lookalike.ts). Every value is built from pieces at test time.
 */

function findings(text: string): { type: string; value: string }[] {
  const out: TextMatch[] = [];
  for (const detector of createSecretDetectors()) detector.detect(text, out);
  return out
    .filter((m) => m.kind === "secret")
    .map((m) => ({ type: m.type, value: text.slice(m.start, m.end) }));
}

/** Some secret finding covers exactly `value`, and every finding is `value` (one finding per value: no duplicates). */
function expectFound(text: string, value: string): void {
  const found = findings(text);
  expect(found.length, text).toBe(1);
  expect(found[0]?.value, text).toBe(value);
}

function expectNone(text: string): void {
  expect(findings(text), text).toEqual([]);
}

const j = (...pieces: string[]) => pieces.join("");
const pw = (seed: number) => fakePassword(seed);
const token = (length: number, seed: number) => randomString(length, undefined, seed);

describe("credential-forms-3: abbreviated password keys", () => {
  it.each([
    "PSWD",
    "PSSWD",
    "PSWRD",
    "PSWORD",
    "PSSWRD",
    "PSSWORD",
    "PASWD",
    "PASWRD",
    "PASWORD",
    "X3_PSWD",
  ])("%s", (key) => {
    const value = pw(101);
    expectFound(`${key}:=${value}`, value);
    expectFound(`${key}=${value}`, value);
  });

  it("leaves references, placeholders and keys that are not password keys", () => {
    expectNone("PSWD=$PASSWORD");
    expectNone("PSWD=<password>");
    expectNone(`TOPSWAP=${pw(102)}`);
  });
});

describe("credential-forms-3: a key and its value as call arguments", () => {
  it("PHP define('PASSWORD', v), spaced or not", () => {
    const value = token(31, 103);
    expectFound(`define( 'PASSWORD' , '${value}' );`, value);
    expectFound(`define("DB_PASSWORD", "${value}");`, value);
  });

  it("libcurl options: passwords, user:password pairs, bearer tokens", () => {
    const p = pw(104);
    expectFound(`easy_setopt(curl, CURLOPT_PASSWORD, "${p}");`, p);
    expectFound(`curl_easy_setopt(curl, CURLOPT_USERPWD, "root:${p}");`, p);
    expectFound(`curl_easy_setopt(curl, CURLOPT_PROXYUSERPWD, "user:${p}");`, p);
    const t = token(60, 105);
    expectFound(`curl_easy_setopt(curl, CURLOPT_XOAUTH2_BEARER, "${t}");`, t);
  });

  it("leaves non-credential keys and references", () => {
    expectNone(`define('DB_HOST', '${token(20, 106)}');`);
    expectNone("define('DB_PASSWORD', getenv('DB_PASSWORD'));");
    expectNone('curl_easy_setopt(curl, CURLOPT_USERPWD, "$USER:$PASSWORD");');
    expectNone(`curl_easy_setopt(curl, CURLOPT_URL, "https://h/${token(24, 107)}");`);
  });
});

describe("credential-forms-3: SQL", () => {
  it("IDENTIFIED BY an unquoted value, and IDENTIFIED WITH <plugin> BY 'v'", () => {
    const value = token(14, 108);
    expectFound(`ALTER USER username IDENTIFIED BY ${value};`, value);
    expectFound(`exec("CREATE USER t ACCOUNT UNLOCK IDENTIFIED BY ${value}");`, value);
    expectFound(`CREATE USER 'root'@'localhost' IDENTIFIED WITH mysql_native_password BY '${value}';`, value);
  });

  it("leaves bind parameters, variables and hashes", () => {
    expectNone("ALTER USER app IDENTIFIED BY :password;");
    expectNone("ALTER USER app IDENTIFIED BY ?;");
    expectNone("CREATE USER app IDENTIFIED BY $1;");
  });

  it("leaves prose and ASN.1 that say identified by (dependency files)", () => {
    expectNone("Removes the directory identified by `path`.");
    expectNone("will result in a `TypeError` being thrown, identified by `code: 'ERR_INVALID_HTTP_TOKEN'`.");
    expectNone(" *   { {PBES2-params IDENTIFIED BY id-PBES2}, ...}");
    expectNone(" *   IDENTIFIED BY id-ce-subjectAltName");
  });
});

describe("credential-forms-3: command lines", () => {
  it("ConvertTo-SecureString with or without flags and quotes", () => {
    const value = j("dsjUE#", "$gds8s");
    expectFound(`ConvertTo-SecureString -String -Force ${value}`, value);
    const quoted = pw(109);
    expectFound(`$s = ConvertTo-SecureString "${quoted}" -AsPlainText -Force`, quoted);
  });

  it("curl --oauth2-bearer and psexec -p", () => {
    const t = j(token(22, 110), "==");
    expectFound(`curl \\\n    --oauth2-bearer "${t}" \\\n    https://h.test`, t);
    const p = pw(111);
    expectFound(`psexec \\\\host -u admin -p ${p} cmd.exe`, p);
  });

  it("leaves variables", () => {
    // (The walk reads `-AsPlainText` after `-String $env:PASSWORD` as a flag's value: its own, not this form's.)
    const secureString = "$s = ConvertTo-SecureString -String $env:PASSWORD -AsPlainText -Force";
    expect(findings(secureString).filter((f) => f.type === "code_credential")).toEqual([]);
    expectNone('curl --oauth2-bearer "$TOKEN" https://h.test');
    expectNone("psexec \\\\host -u admin -p %PASSWORD% cmd.exe");
  });
});

describe("credential-forms-3: Authorization schemes and keys", () => {
  it("NTLM / Negotiate headers, and a JSON authorization value with no scheme", () => {
    const ntlm = j("TlRMTVNTUAAD", token(30, 112), "=");
    expectFound(`Authorization: NTLM ${ntlm}`, ntlm);
    const negotiate = token(40, 113);
    expectFound(`Authorization: Negotiate ${negotiate}`, negotiate);
    const bare = token(38, 114);
    expectFound(`{"authorization": "${bare}"}`, bare);
  });

  it('a JSON "authentication" / "kerberos_authentication" token with no scheme', () => {
    const t = token(38, 129);
    expectFound(`"kerberos_authentication": "${t}"`, t);
  });

  it("leaves templates and short values", () => {
    expectNone(j('{"authorization": "$', '{AUTH_HEADER}"}'));
    expectNone("Authorization: NTLM");
  });
});

describe("credential-forms-3: values quoted with HTML entities", () => {
  it("token=&quot;v&quot; and Password: &quot;v&quot;", () => {
    const t = token(16, 115);
    expectFound(`<a href="http://h.test?token=&quot;${t}&quot;">Request</a>`, t);
    const p = pw(116);
    expectFound(`<div>Password: &quot;${p}&quot;</div>`, p);
  });

  it("leaves non-credential keys and placeholders", () => {
    expectNone(`<div>title: &quot;${pw(117)}&quot;</div>`);
    expectNone("<div>password: &quot;&lt;password&gt;&quot;</div>");
  });
});

describe("credential-forms-3: percent-encoded query parameters", () => {
  it("token%3Dv inside an encoded URL", () => {
    const t = token(22, 130);
    expectFound(`https://h.test/cb?26timestamp%3D1395782596%26token%3D${t}%26version%3D3.14%26`, t);
  });

  it("leaves keys that are not credentials and placeholders", () => {
    expectNone(`https://h.test/?q=a%3D${token(20, 131)}%26page%3D2`);
    expectNone("https://h.test/cb?next%3D%2Fhome%26token%3D%24%7BTOKEN%7D");
  });
});

describe("credential-forms-3: JSON Web Keys", () => {
  it("reports a private key's d and a symmetric key's k", () => {
    const d = token(86, 118);
    expectFound(`{"kty": "RSA", "n": "${token(20, 119).replace(/\d/g, "")}", "e": "AQAB", "d": "${d}"}`, d);
    const k = token(22, 120);
    expectFound(`{\n  "kty": "oct",\n  "k": "${k}"\n}`, k);
  });

  it("reads a fragment of a key's members with no opening brace near", () => {
    const d = token(43, 128);
    expectFound(`        "kty": "[EC]",\n        "d": "${d}"`, d);
  });

  it("leaves public keys", () => {
    expectNone(`{"kty": "EC", "crv": "P-256", "x": "${token(43, 121)}", "y": "${token(43, 122)}"}`);
  });
});

describe("credential-forms-3: bare cred and bearer keys (gosec's G101 forms)", () => {
  it('const ( cred = v ), bearer = "Bearer: v"', () => {
    const c = j(token(28, 123), "/", token(28, 124), "==");
    expectFound(`const (\n\tcred = "${c}"\n)`, c);
    const b = token(26, 125);
    expectFound(`var (\n\tbearer string\n)\nbearer = "Bearer: ${b}"`, b);
  });

  it("leaves words that only start with cred, and low-entropy values", () => {
    expectNone(`incredible = "${token(20, 126)}"`);
    expectNone('cred = "aaaaaaaaaaaaaaaaaaaa"');
  });
});

describe("look-alikes that are pieces of code (lookalike.ts)", () => {
  it("a 64-bit hex number under a password key", () => {
    expectNone('password = "0xAb19D82E7f546cC3"');
    expectNone("#define PASSWORD 0x0dead1beef7cafe2");
  });

  it("a quoted shell variable spliced into a string", () => {
    expectNone(`- echo 'export DATABASE_PASSWORD="'$PRECOMPILE_PASSWORD'"' >> .env`);
  });

  it("a string concatenation read as a value", () => {
    expectNone('"//localhost:1337/:_password = "+new Buffer("feast").toString("base64")');
  });

  it("a route and a versioned path under a key holding password", () => {
    expectNone('"cms/sites/passwords":"cms/sites/passwords#update"');
    expectNone('"/en/3.0/creating-a-strong-password":"/en/enterprise-server@3.0/auth"');
  });

  it("the next key of an object literal after a label", () => {
    expectNone('usernameLabel:"Username or email:",passwordLabel:"Password:",rememberMeLabel:"Remember me:"');
  });

  it("still reports a real password under the same keys", () => {
    const p = pw(127);
    expect(findings(`password = "${p}"`).map((f) => f.value)).toContain(p);
  });
});
