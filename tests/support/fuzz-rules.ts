/*
 * What a feature tells the fuzz walk about its own operations (decision 0093, amended by 0101): the
 * requests are derived from the OpenAPI document for every feature alike, and these are the few side
 * effects an operation has on purpose, declared beside the feature in
 * `src/server/features/<f>/<f>.fuzz.ts` and collected by src/server/security/fuzz-rules.ts.
 */
export interface FeatureFuzzRules {
  /**
   * Operations ("METHOD /path" as in the OpenAPI document) whose refusals write on purpose, with the
   * tables they may write besides the rate-limit counters (a wrong second-factor code is audited).
   */
  refusalWrites?: Record<string, readonly string[]>;
  /** GETs that record themselves when they succeed (an audit row, a mail): such a batch is not read-only. */
  recordedDownloads?: readonly string[];
}
