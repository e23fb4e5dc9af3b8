import type { TextDetector, TextMatch } from "../../types.js";
import type { PatternRule } from "./pattern-rule.js";
import { collectOnView, sqlCommentsView } from "./rewritten-view.js";

/**
 * Destructive SQL statements (a tool argument that would drop, truncate or rewrite a whole table). Each rule needs
 * statement syntax: an identifier followed by the end of the statement, `SET col =` after `UPDATE t`, and so on.
 * "Update from the team: we deleted from the backlog" has neither and does not match.
 */

// One scan for the statement shapes; the per-rule patterns below then only run on text that has one.
const PREFILTER =
  /\b(?:drop|truncate)\s{1,10}(?:table|database|schema|view|user|role|index)|\btruncate\s|\bdelete\s{1,10}from|\bupdate\s{1,10}\S{1,128}\s{1,10}set\s|\bgrant\s{1,10}all|\balter\s{1,10}table/i;

const ID = String.raw`[\w.$\x60"\[\]]{1,128}`;
const STATEMENT_END = String.raw`(?=\s{0,10}(?:;|--|$|\r?\n|,|\)|\bcascade\b|\brestrict\b))`;
// A WHERE clause that holds for every row (`WHERE 1=1`, `WHERE TRUE`, `WHERE 'a'='a'`) as the whole condition, or
// ORed with anything: the statement touches the whole table. `WHERE 1=1 AND id = 5` (query builders) is not this.
const ALWAYS_TRUE_WHERE = String.raw`\bwhere\s{1,10}\(?\s{0,5}(?:true|not\s{1,5}false|(?<n>\d{1,10})\s{0,5}=\s{0,5}\k<n>|(?<q>['"])(?<s>\w{0,20})\k<q>\s{0,5}=\s{0,5}\k<q>\k<s>\k<q>)\s{0,5}\)?(?:${STATEMENT_END}|\s{1,10}or\b)`;

const RULES: readonly PatternRule[] = [
  {
    type: "dangerous_sql",
    ruleId: "hazard.dangerous_sql.drop",
    pattern: new RegExp(
      String.raw`\bdrop\s{1,10}(?:table|database|schema|view|user|role|index)\s{1,10}(?:if\s{1,10}exists\s{1,10})?${ID}${STATEMENT_END}`,
      "gi",
    ),
  },
  {
    type: "dangerous_sql",
    ruleId: "hazard.dangerous_sql.truncate",
    pattern: new RegExp(String.raw`\btruncate\s{1,10}(?:table\s{1,10}${ID}|${ID}${STATEMENT_END})`, "gi"),
  },
  {
    // DELETE FROM t with nothing but an optional alias before the end of the statement: no WHERE clause.
    type: "dangerous_sql",
    ruleId: "hazard.dangerous_sql.delete_without_where",
    pattern: new RegExp(
      String.raw`\bdelete\s{1,10}from\s{1,10}${ID}(?:\s{1,10}(?:as\s{1,10})?(?!where\b)\w{1,30})?${STATEMENT_END}`,
      "gi",
    ),
  },
  {
    // UPDATE t SET c = ... up to the end of the statement without WHERE. The tempered scan is capped at 500
    // characters, so each start costs at most 500 steps; a longer statement is not judged.
    type: "dangerous_sql",
    ruleId: "hazard.dangerous_sql.update_without_where",
    pattern: new RegExp(
      String.raw`\bupdate\s{1,10}${ID}\s{1,10}set\s{1,10}${ID}\s{0,5}=(?:(?!\bwhere\b)[^;]){0,500}?(?:;|$)`,
      "gi",
    ),
  },
  {
    type: "dangerous_sql",
    ruleId: "hazard.dangerous_sql.always_true_where",
    pattern: new RegExp(
      String.raw`\bdelete\s{1,10}from\s{1,10}${ID}(?:\s{1,10}(?:as\s{1,10})?(?!where\b)\w{1,30})?\s{1,10}${ALWAYS_TRUE_WHERE}`,
      "gi",
    ),
  },
  {
    // The SET list is scanned with a tempered, capped run (500 characters) as update_without_where is.
    type: "dangerous_sql",
    ruleId: "hazard.dangerous_sql.always_true_where",
    pattern: new RegExp(
      String.raw`\bupdate\s{1,10}${ID}\s{1,10}set\s{1,10}${ID}\s{0,5}=(?:(?!\bwhere\b)[^;]){0,500}?${ALWAYS_TRUE_WHERE}`,
      "gi",
    ),
  },
  {
    type: "dangerous_sql",
    ruleId: "hazard.dangerous_sql.grant_all",
    pattern: /\bgrant\s{1,10}all(?:\s{1,10}privileges)?\s{1,10}on\b/gi,
  },
  {
    type: "dangerous_sql",
    ruleId: "hazard.dangerous_sql.alter_drop",
    pattern: new RegExp(String.raw`\balter\s{1,10}table\s{1,10}${ID}\s{1,10}drop\s{1,10}\w`, "gi"),
  },
];

export function createDangerousSqlDetector(): TextDetector {
  return {
    id: "hazard.dangerous_sql",
    kind: "hazard",
    detect(text: string, out: TextMatch[]): void {
      const view = sqlCommentsView(text);
      if (PREFILTER.test(view.text)) collectOnView(RULES, view, out);
    },
  };
}
