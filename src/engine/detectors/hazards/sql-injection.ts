import type { TextDetector, TextMatch } from "../../types.js";
import type { PatternRule } from "./pattern-rule.js";
import { collectOnView, sqlCommentsView } from "./rewritten-view.js";

/**
 * SQL injection payloads in tool arguments. Every rule needs SQL syntax around the keyword (a closing quote before
 * `OR 1=1`, a select list after `UNION SELECT`, a `;` before a stacked statement), so English such as "please select
 * the union of these sets" or "the union selected a leader" never matches. Inline comments are read as the server
 * reads them (`OR/**\/1=1`, `/*!50000UNION*\/`: `sqlCommentsView`).
 */

// No family prefilter: every rule starts with a quote, `;` or a literal keyword, so V8 scans for that first
// character or literal and a rule costs about one fast pass over text that has no payload. Context that precedes
// the anchor is checked with a lookbehind placed after it (`;(?<=['"\d)]\s*;)`): a leading lookbehind would be
// tried at every position.

const ID = String.raw`[\w.$\x60"\[\]]{1,128}`;

const RULES: readonly PatternRule[] = [
  {
    // ' OR 1=1, " or "a"="a, ') or ('x'='x : the same literal on both sides of the comparison.
    type: "sql_injection",
    ruleId: "hazard.sql_injection.tautology",
    pattern:
      /['"][\s)]{0,20}(?:or|and|\|\||&&)[\s(]{1,20}(['"]?)(\w{0,20})\1\s{0,5}(?:=|<>|!=|\blike\b)\s{0,5}(['"]?)\2(?:\3|(?=\s|$|--|#|;|\)))/gi,
  },
  {
    type: "sql_injection",
    ruleId: "hazard.sql_injection.tautology",
    pattern:
      /['"][\s)]{0,20}or\s{1,10}(?:true|not\s{1,5}false|\d{1,5})\s{0,5}(?:--|#|\/\*|;|$)|or(?<=\sor)\s{1,10}(\d{1,5})\s{0,5}=\s{0,5}\1\b|or(?<=[\d'")]\s{1,10}or)\s{1,10}(?:true|not\s{1,5}false)\b/gi,
  },
  {
    type: "sql_injection",
    ruleId: "hazard.sql_injection.union_select",
    pattern:
      /\bunion(?:\s{1,20}(?:all|distinct))?\s{1,20}select\s{1,20}(?:null\b|\d|\*|@@|'|"|[a-z_][\w.$]{0,64}\s{0,5}(?:,|\(|\bfrom\b))/gi,
  },
  {
    // '; DROP TABLE users -- : a statement terminator right after a value, then a second statement.
    type: "sql_injection",
    ruleId: "hazard.sql_injection.stacked_query",
    pattern: new RegExp(
      String.raw`;(?<=['"\d)]\s{0,10};)\s{0,10}(?:drop\s{1,10}(?:table|database|schema)|delete\s{1,10}from|insert\s{1,10}into|update\s{1,10}${ID}\s{1,10}set|truncate\s{1,10}table|shutdown\b|exec(?:ute)?\s{1,10}(?:xp_|sp_|master\.)|create\s{1,10}(?:user|table|login)|alter\s{1,10}(?:table|user|login)|declare\s{1,10}@|select\s[^;]{1,100}?\bfrom\b|grant\s)`,
      "gi",
    ),
  },
  {
    // admin'-- : a quote closed and the rest of the query commented out, at the end of the value or line.
    type: "sql_injection",
    ruleId: "hazard.sql_injection.comment_truncation",
    pattern: /['"](?<=\w['"])[ \t)]{0,10}(?:(?:--|#)[ \t]{0,20}(?=$|\r?\n)|\/\*[ \t]{0,20}$)/g,
  },
  {
    type: "sql_injection",
    ruleId: "hazard.sql_injection.time_based",
    pattern:
      /sleep(?<=(?:\b(?:and|or|select)|[;'"(|&])\s{0,10}(?:pg_)?sleep)\s{0,5}\(\s{0,5}\d{1,5}(?:\.\d{1,5})?\s{0,5}\)|\bbenchmark\s{0,5}\(\s{0,5}\d{4,12}\s{0,5},|\bwaitfor\s{1,10}delay\s{1,10}['"]\d|\bdbms_pipe\.receive_message\b/gi,
  },
  {
    type: "sql_injection",
    ruleId: "hazard.sql_injection.file_or_command",
    pattern: /\bxp_cmdshell\b|\binto\s{1,10}(?:out|dump)file\s{1,10}['"]|\bload_file\s{0,5}\(\s{0,5}['"/0]/gi,
  },
];

export function createSqlInjectionDetector(): TextDetector {
  return {
    id: "hazard.sql_injection",
    kind: "hazard",
    detect(text: string, out: TextMatch[]): void {
      collectOnView(RULES, sqlCommentsView(text), out);
    },
  };
}
