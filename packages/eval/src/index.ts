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
