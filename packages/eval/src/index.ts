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
export { type CaseRunner, type CaseRunnerOptions, createCaseRunner } from "./run/case-runner.js";
export type { CaseRuntime } from "./run/case-runtime.js";
export type { EvalJob } from "./run/eval-jobs.js";
export { RecordingError } from "./run/llm-recording.js";
export {
  type DispatchContext,
  type EvalOptions,
  type JobDispatch,
  runEval,
} from "./run/run-eval.js";
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
