/**
 * This project's fourth look-alike set (session 15), written by class and committed before any detector change made
 * from it: what a user interface, a locale file, a form or a schema writes under a password key that is not a
 * password. Labels and translations of the word (`password: "Passwort"`, `"password" = "Mot de passe";`), field
 * hints and validation messages, field types and schema words, masks and filtered values, framework names of the
 * field, and prose sentences about a password. The set the one-word password rule borders (session 14's report): it
 * measures how far that rule can widen (a capitalised word, a shorter word, an unquoted word) and stay clean.
 *
 * Tune only (never frozen): read while tuning, like the tune parts. No credential-shaped value is written here.
 */
import type { EvalCase } from "./types.js";

const TEXTS: [string, string][] = [
  // --- labels and translations of the word, in locale files of several formats ---------------------------------------
  ["yaml-en", "en:\n  activerecord:\n    attributes:\n      user:\n        password: Password\n"],
  ["yaml-de", "de:\n  attributes:\n    password: Passwort\n    password_confirmation: Passwort bestätigen\n"],
  ["yaml-nl", "nl:\n  login:\n    password: wachtwoord\n    remember: onthouden\n"],
  ["yaml-fi", "fi:\n  forms:\n    password: salasana\n"],
  ["yaml-pt-lower", "pt-BR:\n  sessions:\n    password: senha\n    email: e-mail\n"],
  ["yaml-sv", "sv:\n  user:\n    password: lösenord\n"],
  ["json-de", '{"login": {"username": "Benutzername", "password": "Passwort"}}'],
  ["json-de-lower", '{"labels": {"password": "kennwort"}}'],
  ["json-it", '{"password": "parola d\'ordine", "login": "accedi"}'],
  ["json-fr", '{"auth.password": "Mot de passe", "auth.login": "Connexion"}'],
  ["json-es", '{ "password": "contraseña", "username": "usuario" }'],
  ["json-pl", '{"password": "hasło", "submit": "wyślij"}'],
  ["json-tr", '{"password": "şifre"}'],
  ["json-da", '{"password": "adgangskode"}'],
  ["json-no", '{"password": "passord", "cancel": "avbryt"}'],
  ["json-id", '{"password": "katasandi"}'],
  ["ios-strings", '"password" = "Mot de passe";\n"login" = "Se connecter";'],
  ["ios-strings-lower", '"password_label" = "passwort";'],
  [
    "android-xml",
    '<string name="password">Password</string>\n<string name="password_hint">Enter password</string>',
  ],
  ["properties", "login.username=Username\nlogin.password=Password\nlogin.submit=Sign in"],
  ["properties-lower", "form.password=kennwort\nform.user=benutzer"],
  ["po-file", 'msgid "Password"\nmsgstr "Passwort"'],
  ["i18n-ts", "export const de = {\n  password: 'Passwort',\n  newPassword: 'Neues Passwort',\n};"],
  ["i18n-ts-lower", "const labels = { password: 'wachtwoord', username: 'gebruikersnaam' };"],
  // --- hints, prompts and validation messages ------------------------------------------------------------------------
  ["hint-yaml", "password:\n  hint: At least eight characters\n  label: Password"],
  ["validation-rails", 'en:\n  errors:\n    password: "is too short (minimum is 8 characters)"'],
  ["validation-json", '{"errors": {"password": "doesn\'t match"}}'],
  ["validation-lower-word", '{"errors": {"password": "mismatch", "email": "taken"}}'],
  ["validation-lower-word-2", "errors.password = 'tooshort';"],
  ["validation-lower-word-3", '{"password": "tooweak"}'],
  ["status-camel", '{"passwordStatus": "ok", "password": "Unchanged"}'],
  ["prompt-shell", 'read -s -p "Password: " password'],
  [
    "placeholder-attr",
    '<input type="password" name="password" placeholder="Password" autocomplete="current-password">',
  ],
  ["placeholder-vue", "data() { return { password: '', passwordPlaceholder: 'Your password' } }"],
  ["button-label", "{ key: 'password', label: 'Reset', action: 'reset' }"],
  ["label-capital-word", "password: 'Required'"],
  ["label-capital-word-2", 'password: "Hidden"'],
  ["label-capital-word-3", '"password": "Secret"'],
  ["label-capital-word-4", "PASSWORD_LABEL = 'Kennwort'"],
  // --- field types, schema words and framework names of the field ---------------------------------------------------
  ["schema-type", '"password": {"type": "string", "format": "password", "minLength": 8}'],
  ["mongoose", "password: { type: String, required: true, select: false }"],
  ["form-type", "fields = { 'password': 'passwordinput', 'email': 'emailinput' }"],
  ["form-widget", "password = forms.CharField(widget=forms.PasswordInput)"],
  ["input-type", "{ name: 'password', type: 'password' }"],
  ["field-name-const", 'const PASSWORD_FIELD = "password";'],
  ["column-sql", "password VARCHAR(255) NOT NULL,"],
  ["column-yaml", "columns:\n  - name: password\n    type: varchar"],
  ["graphql", "input Login {\n  email: String!\n  password: String!\n}"],
  ["proto", "message Login {\n  string email = 1;\n  string password = 2;\n}"],
  ["openapi", "password:\n  type: string\n  writeOnly: true\n  description: The user's password."],
  ["strength-meter", "{ password: 'strong', score: 4 }"],
  ["strength-meter-2", "passwordStrength: 'medium', password: 'weak'"],
  // --- masks and filtered values ------------------------------------------------------------------------------------
  ["filtered", 'Parameters: {"user"=>{"email"=>"a@b.c", "password"=>"[FILTERED]"}}'],
  ["masked-stars", "password: ********"],
  ["masked-word", '{"password": "hidden"}'],
  ["masked-capital", '{"password": "Masked"}'],
  ["masked-mask", "password=<masked>"],
  // --- prose about a password ---------------------------------------------------------------------------------------
  ["prose-en", "Your password must contain at least one digit. Choose a password you do not use elsewhere."],
  ["prose-quoted-label", 'Click "Forgot password" and then "Reset" to choose a new one.'],
  ["prose-field", "Type your password in the field labelled 'Password' and press 'Continue'."],
  ["prose-menu", "Open Settings, then Security, then Password, and select 'Change'."],
  ["prose-word", "The password field accepts 'unicode' characters and spaces."],
];

export function ownLookalikesV4(): EvalCase[] {
  return TEXTS.map(([name, text]) => ({
    id: `own-v4:${name}`,
    group: `own-v4:${name}`,
    source: "own" as const,
    vendor: "lookalike",
    label: "lookalike" as const,
    text,
  }));
}
