/** One evaluation case: a text and what it holds. */
export interface EvalCase {
  id: string;
  /** Cases of one group (one fixture file, one rule's examples) fall on the same side of the split. */
  group: string;
  source:
    | "secretlint"
    | "kingfisher"
    | "own"
    | "detect-secrets"
    | "noseyparker"
    | "whispers"
    | "credsweeper"
    | "gosec"
    | "trivy"
    | "ripsecrets"
    | "titus"
    | "osv-scalibr"
    | "horusec"
    | "bandit"
    | "ruff"
    | "secret-scanning-custom-patterns"
    | "leaky-repo"
    | "ibm-detect-secrets"
    | "checkov"
    | "earlybird"
    | "eslint-plugin-no-secrets"
    | "sonar-text"
    | "trufflehog"
    | "sarif-pattern-matcher";
  /** The vendor or rule family the source files it under. */
  vendor: string;
  /** `secret`: a credential a finding must cover; `lookalike`: no secret finding may appear anywhere. */
  label: "secret" | "lookalike";
  text: string;
  /** For a secret whose source gives its offsets: a finding must overlap [start, end). */
  span?: [number, number];
}
