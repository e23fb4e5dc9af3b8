/**
 * This project's fifth look-alike set (session 16), by class, from issue 16's list of false positives, in forms the
 * earlier sets do not write: encrypted private keys in more containers (YAML block scalars, escaped JSON, env files,
 * Kubernetes secrets, Terraform heredocs), `ENC(...)` and other wrapped ciphertexts in code, values that say EXAMPLE
 * or FAKE in more spellings and places, placeholder JWTs and keys, user interface and locale text under password keys
 * in code (not locale files), and the border of session 16's two password changes: six-character values made of
 * repeated units, and key names in which a credential word is followed by a word about it.
 *
 * Tune only (never frozen): measured on the reference and on the branch. Built from pieces; no credential-shaped
 * value is written here.
 */
import { randomString } from "../../src/shared/fake-credentials.js";
import type { EvalCase } from "./types.js";

const j = (...pieces: string[]): string => pieces.join("");
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const HEXU = "0123456789ABCDEF";
const PRIV = j("PRIV", "ATE KEY");
const ENC_PRIV = j("ENCRYPTED ", PRIV);
const b64 = (n: number, seed: number) => randomString(n, B64, seed);
const pemLines = (seed: number, lines: number) =>
  Array.from({ length: lines }, (_, i) => b64(64, seed + i)).join("\n");
const encPem = (seed: number) =>
  `-----BEGIN ${ENC_PRIV}-----\n${pemLines(seed, 6)}\n-----END ${ENC_PRIV}-----`;
const procPem = (kind: string, seed: number) =>
  `-----BEGIN ${kind} ${PRIV}-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${randomString(32, HEXU, seed)}\n\n${pemLines(seed + 1, 5)}\n-----END ${kind} ${PRIV}-----`;
const JWT_HEAD = j("ey", "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9");

const TEXTS: [string, string][] = [
  // --- encrypted private keys, in containers ---------------------------------------------------------------------
  [
    "enc-pem-yaml-block",
    `tls:\n  key: |\n${encPem(501).replace(/^/gm, "    ")}\n  passphrase_ref: vault:tls/pass\n`,
  ],
  ["enc-pem-json-escaped", JSON.stringify({ signing_key: encPem(511) })],
  ["enc-pem-env", `SIGNING_KEY="${encPem(521).replace(/\n/g, "\\n")}"`],
  [
    "proc-rsa-k8s",
    `apiVersion: v1\nkind: ConfigMap\ndata:\n  key.pem: |\n${procPem("RSA", 531).replace(/^/gm, "    ")}\n`,
  ],
  ["proc-ec-heredoc", `resource "x" "y" {\n  private_key = <<EOT\n${procPem("EC", 541)}\nEOT\n}`],
  [
    "proc-rsa-python",
    `KEY = """${procPem("RSA", 551)}"""\nload_pem_private_key(KEY, password=os.environ["KEY_PASS"].encode())`,
  ],
  ["enc-pem-go-raw", `const signingKey = \`${encPem(561)}\``],
  ["proc-dsa-java", `String pem = "${procPem("DSA", 571).replace(/\n/g, "\\n")}";`],
  // --- ENC(...) and other wrapped ciphertexts, in code and config ---------------------------------------------------
  ["enc-jasypt-java", `@Value("\${db.password:ENC(${b64(44, 601)})}")\nprivate String password;`],
  ["enc-jasypt-yaml-quoted", `spring:\n  datasource:\n    password: "ENC(${b64(32, 611)})"`],
  ["enc-jasypt-kotlin", `val password: String = "ENC(${b64(44, 621)})"`],
  ["enc-jasypt-env", `DB_PASSWORD=ENC(${b64(32, 631)})`],
  [
    "enc-cipher-config-server",
    `spring.datasource.password={cipher}${randomString(64, "0123456789abcdef", 641)}`,
  ],
  [
    "enc-sops-json",
    JSON.stringify({
      password: `ENC[AES256_GCM,data:${b64(20, 651)},iv:${b64(44, 652)},tag:${b64(24, 653)},type:str]`,
    }),
  ],
  [
    "enc-ansible-inline",
    `db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  ${randomString(64, "0123456789abcdef", 661)}\n  ${randomString(64, "0123456789abcdef", 662)}`,
  ],
  ["enc-kms-arg", `aws kms decrypt --ciphertext-blob fileb://<(echo "${b64(96, 671)}" | base64 -d)`],
  ["enc-dotnet-protected", `<add key="Password" value="ENC:${b64(40, 681)}" />`],
  // --- values that say EXAMPLE / FAKE -------------------------------------------------------------------------------
  ["example-suffix-kotlin", 'val apiKey: String = "sk_test_EXAMPLE_ONLY_do_not_use"'],
  ["example-define", '#define API_TOKEN "EXAMPLE-TOKEN-REPLACE-ME"'],
  ["fake-value-python", 'client = Client(api_key="fake-api-key-for-tests")'],
  ["fake-camel", 'const secret = "myFakeSecretValue";'],
  ["dummy-go", 'password := "dummy-password-123"'],
  ["sample-yaml", "auth:\n  token: SAMPLE_TOKEN_VALUE\n"],
  ["placeholder-angle-cli", 'curl -u "<username>:<password>" https://api.example.test/v1'],
  ["placeholder-your", "PASSWORD(your_password_here)"],
  ["placeholder-flag", 'tool login -password "YOUR_PASSWORD"'],
  ["placeholder-changeme", "spring.datasource.password=changeme"],
  ["placeholder-redacted", "Authorization: Basic [REDACTED]"],
  ["placeholder-x-run", 'api_key = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"'],
  ["placeholder-star-run", 'token: "********************************"'],
  // --- placeholder JWTs and keys ----------------------------------------------------------------------------------
  ["jwt-ellipsis", `Authorization: Bearer ${JWT_HEAD}.eyJzdWIiOiIxMjM0In0...`],
  ["jwt-header-only", `const token = "${JWT_HEAD}.<payload>.<signature>";`],
  ["jwt-brackets", "JWT_TOKEN=<your.jwt.token>"],
  ["key-placeholder-pem", `-----BEGIN ${PRIV}-----\n<paste your key here>\n-----END ${PRIV}-----`],
  [
    "key-placeholder-dots",
    `private_key = "-----BEGIN RSA ${PRIV}-----\\n...\\n-----END RSA ${PRIV}-----\\n"`,
  ],
  ["key-ssh-pub", `ssh-ed25519 ${b64(68, 701)} user@laptop`],
  ["jwt-url-safe-nonjwt", `state = "${randomString(43, B64URL, 711)}"  # OAuth state, not a token`],
  // --- user interface and locale text under password keys, in code -------------------------------------------------
  ["ui-kotlin-label", 'val passwordLabel: String = "Password"'],
  ["ui-kotlin-hint", 'val password: String = "Enter your password"'],
  ["ui-swift-placeholder", 'passwordField.placeholder = "Passwort eingeben"'],
  ["ui-swift-localized", 'let password = NSLocalizedString("password", comment: "Mot de passe")'],
  ["ui-react-prop", '<Input type="password" name="password" placeholder="Contraseña" />'],
  ["ui-define-label", '#define PASSWORD_LABEL "Password"'],
  ["ui-korean", 'const password = "비밀번호를 입력하세요";'],
  ["ui-japanese", 'password: "パスワードを入力してください"'],
  ["ui-error-message", 'errors.password = "Password must be at least 8 characters";'],
  ["ui-default-arg-label", 'def field(label="Password", kind="password"):'],
  ["ui-dict-status", 'info = {"password": "required", "email": "optional"}'],
  // --- session 16's borders: six-character repeated units, key runs about the credential ---------------------------
  ["six-repeat-units", 'password = "ab12ab"'],
  ["six-two-pairs", 'password = "aa11bb"'],
  ["six-keyboard", 'password = "qwe123"'],
  ["six-field-word", 'password = "Passwd"'],
  ["run-policy", 'secret_password_policy = "min8-upper-digit"'],
  ["run-token-type", 'access_token_type = "bearer_jwt"'],
  ["run-secret-name", 'db_secret_password_name = "prod/db/password"'],
  ["run-token-url", 'auth_token_url = "https://auth.internal.test/oauth2/token"'],
];

export function ownLookalikesV5(): EvalCase[] {
  return TEXTS.map(([name, text]) => ({
    id: `own-v5:${name}`,
    group: `own-v5:${name}`,
    source: "own" as const,
    vendor: "lookalike",
    label: "lookalike" as const,
    text,
  }));
}
