import type { TextDetector, TextMatch } from "../../types.js";
import type { PatternRule } from "./pattern-rule.js";
import { collectOnView, shellWordsView } from "./rewritten-view.js";

/**
 * Shell commands that destroy a system or hand it to someone else: recursive deletes of `/`, `~` or `*`, disk
 * formatting, fork bombs, piping a download into a shell, world-writable root, and reverse shells. Commands are
 * case-sensitive on Unix, so most rules are too; that keeps prose ("RM" as initials) out. Rules read words as the
 * shell joins them (`r''m -r""f /` is `rm -rf /`, `c"u"rl` is `curl`: `shellWordsView`).
 */

const PREFILTER =
  /\brm\s|mkfs|\bdd\s|\)\s{0,5}\{|curl|wget|chmod|\/dev\/|\bnc\s|ncat|netcat|socat|socket|dup2|pty\.spawn|[Pp]ower[Ss]hell|[Dd]ownload[Ss]tring|mkfifo|rmtree|os\.fork|\bfind\s|base64|xxd|python|\beval\s/;

const TOP_LEVEL_DIRS = "(?:bin|boot|dev|etc|home|lib|lib64|opt|proc|root|sbin|srv|sys|usr|var)";
const COMMAND_END = String.raw`(?=$|[\s;&|)"'\x60])`;

const RULES: readonly PatternRule[] = [
  {
    type: "shell_danger",
    ruleId: "hazard.shell_danger.recursive_delete",
    pattern: new RegExp(
      String.raw`\brm\s{1,10}(?:-{1,2}[\w-]{1,30}\s{1,10}){0,4}(?:-[a-zA-Z]{0,10}[rR][a-zA-Z]{0,10}|--recursive)\s{1,10}(?:-{1,2}[\w-]{1,30}\s{1,10}){0,4}(?:\/\*?|~\/?\*?|\*|\$HOME\/?\*?|\/${TOP_LEVEL_DIRS}\/?\*?)${COMMAND_END}`,
      "g",
    ),
  },
  {
    type: "shell_danger",
    ruleId: "hazard.shell_danger.recursive_delete",
    // Quotes optional: the shell-words view drops a quote that touches a word character.
    pattern: /\bshutil\.rmtree\(\s{0,5}['"]?(?:\/|~\/?|[A-Za-z]:\\{1,2})['"]?\s{0,5}[,)]/g,
  },
  {
    type: "shell_danger",
    ruleId: "hazard.shell_danger.disk_wipe",
    pattern:
      /\bmkfs(?:\.\w{1,10})?\s{1,10}(?:-\S{1,20}\s{1,10}){0,4}\/dev\/|\bdd\s[^\n;|]{0,200}?\bof=\/dev\/(?:sd|hd|nvme|xvd|vd|mmcblk|disk|md|dm-)|>\s{0,5}\/dev\/(?:sd[a-z]|nvme\d|hd[a-z])\b/g,
  },
  {
    type: "shell_danger",
    ruleId: "hazard.shell_danger.fork_bomb",
    pattern:
      /:\s{0,5}\(\s{0,5}\)\s{0,5}\{\s{0,5}:\s{0,5}\|\s{0,5}:\s{0,5}&\s{0,5}\}\s{0,5};\s{0,5}:|\b(\w{1,20})\s{0,5}\(\s{0,5}\)\s{0,5}\{\s{0,5}\1\s{0,5}\|\s{0,5}\1\s{0,5}&\s{0,5}\}\s{0,5};\s{0,5}\1\b|\bwhile\s{1,5}True\s{0,5}:\s{0,20}os\.fork\(\)/g,
  },
  {
    // curl ... | sh, wget -O- ... | sudo bash, bash <(curl ...), sh -c "$(curl ...)"
    type: "shell_danger",
    ruleId: "hazard.shell_danger.pipe_to_shell",
    pattern:
      /\b(?:curl|wget)\b[^\n|;&]{0,300}\|\s{0,5}(?:sudo\s{1,5}(?:-\S{1,10}\s{1,5}){0,3})?(?:(?:ba|z|da|k|c|fi)?sh|python[23]?|perl|ruby|node)\b|\b(?:ba|z)?sh\s{1,5}(?:-c\s{1,5})?["']?(?:<\(|\$\()\s{0,5}(?:curl|wget)\b/g,
  },
  {
    // find / -delete, find ~ -exec rm -rf {} + : a recursive delete written with find.
    type: "shell_danger",
    ruleId: "hazard.shell_danger.recursive_delete",
    pattern: new RegExp(
      String.raw`\bfind\s{1,5}(?:-[HLP]\s{1,5}){0,2}(?:\/|~\/?|\$HOME\/?|\/${TOP_LEVEL_DIRS}\/?)\s[^\n;|&]{0,200}?(?:-delete\b|-exec(?:dir)?\s{1,5}(?:sudo\s{1,5})?(?:rm|shred)\b)`,
      "g",
    ),
  },
  {
    // echo ... | base64 -d | sh, xxd -r -p payload | bash: decoding a hidden command and running it.
    type: "shell_danger",
    ruleId: "hazard.shell_danger.decode_to_shell",
    pattern:
      /\b(?:base64\s{1,5}(?:-\w{1,10}\s{1,5}){0,3}(?:-d|-D|--decode)\b|xxd\s{1,5}(?:-\w{1,5}\s{1,5}){0,3}-r\b|openssl\s{1,5}(?:enc\s{1,5}-)?base64\s{1,5}-d\b)[^\n|;&]{0,200}\|\s{0,5}(?:sudo\s{1,5}(?:-\S{1,10}\s{1,5}){0,3})?(?:(?:ba|z|da|k|c|fi)?sh|python[23]?|perl|ruby|node)\b/g,
  },
  {
    // python -c 'import os; os.system(...)', python3 -c "__import__('os').system(...)": a shell from an interpreter.
    type: "shell_danger",
    ruleId: "hazard.shell_danger.interpreter_exec",
    pattern:
      /\b(?:python[23]?(?:\.\d{1,2})?|perl|ruby|node)\s{1,5}(?:-\w{1,5}\s{1,5}){0,3}-[ce]\s[^\n]{0,400}?(?:\bos\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?)\s{0,5}\(|\bsubprocess\.(?:call|run|Popen|check_output|check_call)\b|__import__\(\s{0,5}os\s{0,5}\)\.(?:system|popen)|\bpty\.spawn\b|\bchild_process\b|\bsystem\s{0,5}\(|\bexec\s{0,5}\()/g,
  },
  {
    // $(curl ...) or `curl ...` where a command goes: the downloaded text is run as a command.
    type: "shell_danger",
    ruleId: "hazard.shell_danger.pipe_to_shell",
    pattern:
      /\beval\s{1,5}(?:\$\(|\x60)\s{0,5}(?:curl|wget)\b|(?:^|[;&|]\s{0,5})(?:\$\(|\x60)\s{0,5}(?:curl|wget)\b/gm,
  },
  {
    type: "shell_danger",
    ruleId: "hazard.shell_danger.download_execute",
    pattern: /\b(?:iex|invoke-expression)\b[^\n]{0,60}?\bnet\.webclient\)?\.downloadstring\b/gi,
  },
  {
    type: "shell_danger",
    ruleId: "hazard.shell_danger.world_writable_root",
    pattern: new RegExp(
      String.raw`\bchmod\s{1,10}(?:-[a-zA-Z]{1,5}\s{1,10}){0,3}(?:0?777|a\+rwx|ugo\+rwx)\s{1,10}\/(?:${TOP_LEVEL_DIRS}\/?)?\*?${COMMAND_END}`,
      "g",
    ),
  },
  {
    type: "shell_danger",
    ruleId: "hazard.shell_danger.reverse_shell",
    pattern: new RegExp(
      [
        String.raw`\/dev\/(?:tcp|udp)\/[\w.-]{1,253}\/\d{1,5}`,
        String.raw`\bbash\s{1,5}-i\s{1,5}>&`,
        String.raw`\b(?:nc|ncat|netcat)\b[^\n;|]{0,100}?\s-[ec]\s{1,5}\S{0,40}(?:sh|bash|cmd(?:\.exe)?|powershell)\b`,
        String.raw`\bsocat\b[^\n]{0,100}?\bexec:`,
        String.raw`\bmkfifo\b[^\n]{0,100}?\b(?:nc|ncat|netcat)\b`,
        String.raw`\bpython[23]?\s{1,5}-c\s{1,5}['"]?[^\n]{0,400}?\bsocket\b`,
        String.raw`\bos\.dup2\(\s{0,5}\w{1,20}\.fileno\(\)`,
        String.raw`\bpty\.spawn\(\s{0,5}['"]?\/bin\/(?:ba)?sh`,
        String.raw`\bpowershell(?:\.exe)?\s(?:\s{0,5}-\w{1,20}){0,5}\s{1,5}-(?:e|enc|encodedcommand)\s{1,5}[A-Za-z0-9+\/=]{20,}`,
      ].join("|"),
      "g",
    ),
  },
];

export function createShellDangerDetector(): TextDetector {
  return {
    id: "hazard.shell_danger",
    kind: "hazard",
    detect(text: string, out: TextMatch[]): void {
      const view = shellWordsView(text);
      if (PREFILTER.test(view.text)) collectOnView(RULES, view, out);
    },
  };
}
