import type { TextDetector, TextMatch } from "../../types.js";
import type { PatternRule } from "./pattern-rule.js";
import { collectOnView, pathView } from "./rewritten-view.js";

/**
 * Paths that climb out of a working directory or name files an agent has no business reading. A single `../` is
 * ordinary in relative links, so plain traversal needs two steps up (or one step into a system directory); encoded
 * dots and slashes are never written by people, so one encoded step is enough. Look-alike slashes and dots
 * (full-width, division and fraction slashes) are read as ASCII first (`pathView`).
 */

const PREFILTER =
  /\.\.|%2e|%252e|%c0|%e0|%u002e|passwd|shadow|sudoers|\/proc\/self|\.ssh|\.aws|system32|win\.ini|boot\.ini|secrets|netrc|credentials|\.env|\.pgpass|\.docker|\.kube/i;

const DOT = "(?:%2e|%252e|%c0%ae|%e0%80%ae|%u002e)";
const SLASH = "(?:%2f|%5c|%252f|%255c|%c0%af|%c1%9c|%e0%80%af|%u2215|%u2216)";

const RULES: readonly PatternRule[] = [
  {
    type: "path_traversal",
    ruleId: "hazard.path_traversal.dot_dot",
    pattern:
      /(?:\.\.[\\/]){2,}|(?:^|[\s"'=(])\.\.[\\/](?:etc|windows|winnt|proc|root|boot\.ini)\b|(?:\.{4}[\\/]{2}){1,}/gi,
  },
  {
    type: "path_traversal",
    ruleId: "hazard.path_traversal.encoded",
    pattern: new RegExp(String.raw`(?:${DOT}(?:${DOT}|\.)|\.${DOT})(?:${SLASH}|[\\/])|\.\.${SLASH}`, "gi"),
  },
  {
    type: "path_traversal",
    ruleId: "hazard.path_traversal.sensitive_path",
    pattern:
      /\/etc\/(?:passwd|shadow|sudoers|gshadow|master\.passwd)\b|\/proc\/self\/(?:environ|cmdline|mem|maps)\b|(?:~|\$HOME|\/root|\/home\/[\w.-]{1,32})\/\.ssh\/(?:id_\w{1,20}|authorized_keys)?|\.ssh[\\/]id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?\b|\.aws[\\/](?:credentials|config)\b|\b[a-z]:[\\/]{1,2}windows[\\/]{1,2}system32\b|\\windows\\{1,2}win\.ini\b|\bboot\.ini\b|\/var\/run\/secrets\/kubernetes\.io\b/gi,
  },
  {
    // Files that hold credentials by name: ~/.netrc, ~/.git-credentials, .env (not its templates), ~/.pgpass,
    // ~/.docker/config.json, ~/.kube/config, and the Windows registry hives that hold password hashes.
    type: "path_traversal",
    ruleId: "hazard.path_traversal.credential_file",
    pattern:
      /(?:^|(?<=[\s"'=:(/\\~]))(?:\.netrc|_netrc|\.git-credentials|\.pgpass|\.env(?!\.(?:example|sample|template|dist|defaults)\b)(?:\.[\w-]{1,20})?|\.docker[\\/]config\.json|\.kube[\\/]config)(?=$|[\s"'`,;)])|\b(?:system32|sysnative)[\\/]{1,2}config[\\/]{1,2}(?:SAM|SYSTEM|SECURITY)\b|\brepair[\\/]{1,2}SAM\b/gi,
  },
];

export function createPathTraversalDetector(): TextDetector {
  return {
    id: "hazard.path_traversal",
    kind: "hazard",
    detect(text: string, out: TextMatch[]): void {
      const view = pathView(text);
      if (PREFILTER.test(view.text)) collectOnView(RULES, view, out);
    },
  };
}
