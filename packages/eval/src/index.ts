export {
  type BaselineCounts,
  baselineCounts,
  compareBaseline,
  exitCodeFor,
  failureReasons,
  formatDollars,
  type HtmlReportOptions,
  htmlReport,
  junitXml,
  nearestRank,
  progressLine,
  type ReportTableOptions,
  readResultsJson,
  reportTable,
  resultsJson,
  summarise,
  summariseModels,
} from "./report/index.js";
export type { CaseOutcome, TrajectoryStep } from "./run/case-outcome.js";
export type { BaselineChange, CaseResult, EvalReport, ModelSummary } from "./run/case-result.js";
export { RecordingError } from "./run/llm-recording.js";
export { type CaseRuntime, type EvalOptions, runEval } from "./run/run-eval.js";
export {
  builtInScorers,
  type CaseScores,
  checkCase,
  type LoadScorersOptions,
  loadScorers,
  type Score,
  type ScoreContext,
  type Scorer,
  scoreCase,
} from "./scorers/index.js";
export type {
  CaseLimits,
  EvalCase,
  EvalSuite,
  JudgeSpec,
  NumberSpec,
} from "./suite/eval-case.js";
export {
  type CheckScorers,
  parseSuite,
  readSuiteFile,
  SuiteError,
  type SuiteSource,
} from "./suite/read-suite.js";
