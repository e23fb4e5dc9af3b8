/**
 * The contexts a credential shows up in tool output: env files, shell, YAML, JSON, HTTP headers, code, chat, logs,
 * URLs, CI files. Slots: {value} (the secret or look-alike), {name} (a variable name it would be stored under) and
 * {name_lower}.
 */
export interface SecretTemplate {
  id: string;
  text: string;
}

const TEXTS = [
  "{name}={value}",
  'export {name}="{value}"',
  "{name_lower}: {value}",
  '"{name_lower}": "{value}"',
  "Authorization: Bearer {value}",
  'curl -H "Authorization: token {value}" https://api.example.com/v1/me',
  'client = Client(api_key="{value}")',
  "const apiKey = '{value}';",
  "here's the key you asked for: {value} (rotate it after the demo)",
  "DEBUG loaded credentials value={value} from environment",
  "https://api.example.com/v1/items?api_key={value}&page=2",
  "docker run -e {name}={value} registry.example.com/app:latest",
  "[default]\n{name_lower} = {value}",
  "env:\n  {name}: {value}",
  'stringData:\n  {name_lower}: "{value}"',
  '{name_lower} = "{value}"',
];

export const SECRET_TEMPLATES: readonly SecretTemplate[] = TEXTS.map((text, i) => ({
  id: `sec.${String(i + 1).padStart(2, "0")}`,
  text,
}));
