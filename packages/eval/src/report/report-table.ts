import type { BaselineChange, EvalReport, ModelSummary } from "../run/case-result.js";
import type { BaselineCounts } from "./baseline.js";
import { failureReasons } from "./failure-reasons.js";
import {
  cut,
  formatDollars,
  formatDuration,
  formatPercent,
  oneLine,
  visibleName,
} from "./report-format.js";

export interface ReportTableOptions {
  /** ANSI colours for a terminal (our own marks only; foreign text is never coloured raw). */
  readonly color?: boolean;
  /** The terminal's width in columns; lines are cut to it (default 100). */
  readonly width?: number;
  /** Against `--baseline`: marks regressed and improved rows and cases. */
  readonly baseline?: {
    readonly changes: readonly BaselineChange[];
    readonly counts?: BaselineCounts;
  };
}

const HEADINGS = ["model", "pass", "cost", "tokens in/out", "p50/p95", "steps"] as const;
const NUMERIC = new Set([1, 2, 3, 4, 5]);

function paint(color: boolean, code: string, text: string): string {
  return color ? `\u001b[${code}m${text}\u001b[0m` : text;
}

/** `8/10 80%`: both the count and the rate, so a rate over few runs reads as what it is. */
export function passCell(summary: ModelSummary): string {
  return `${summary.passed}/${summary.runs} ${formatPercent(summary.passRate)}`;
}

/** `$0.01234`, or `$0.01234 +$0.0012 judge` when judges spent too. */
export function costCell(summary: ModelSummary): string {
  const judge =
    summary.judgeCost === undefined ? "" : ` +${formatDollars(summary.judgeCost)} judge`;
  return `${formatDollars(summary.cost)}${judge}`;
}

function row(summary: ModelSummary, modelWidth: number): string[] {
  return [
    cut(visibleName(summary.model), modelWidth),
    passCell(summary),
    costCell(summary),
    `${summary.tokens.input}/${summary.tokens.output}`,
    `${formatDuration(summary.latencyP50Ms)}/${formatDuration(summary.latencyP95Ms)}`,
    summary.meanSteps.toFixed(1),
  ];
}

function changeMark(changes: readonly BaselineChange[], model: string): string {
  const regressed = changes.filter((c) => c.model === model && c.kind === "regression").length;
  const improved = changes.filter((c) => c.model === model && c.kind === "improvement").length;
  const marks = [
    ...(regressed > 0 ? [`${regressed} regressed`] : []),
    ...(improved > 0 ? [`${improved} improved`] : []),
  ];
  return marks.join(", ");
}

/**
 * The eval's results for a terminal: one row per model (pass rate, cost with judges' cost
 * apart, tokens, latency p50/p95, mean steps), then one line per failing run, then the
 * changes against a baseline. Every text that came from a suite, a model or a tool is made
 * safe to draw; lines are cut to the width.
 */
export function reportTable(report: EvalReport, options: ReportTableOptions = {}): string {
  const width = Math.max(20, options.width ?? 100);
  const color = options.color ?? false;
  const changes = options.baseline?.changes ?? [];
  const modelWidth = Math.max(12, Math.min(40, width - 60));
  const rows = [[...HEADINGS], ...report.models.map((summary) => row(summary, modelWidth))];
  const widths = HEADINGS.map((_, column) =>
    Math.max(...rows.map((cells) => Array.from(cells[column] ?? "").length)),
  );
  const lines = rows.map((cells, index) => {
    const padded = cells.map((cell, column) => {
      const room = (widths[column] ?? 0) - Array.from(cell).length;
      return NUMERIC.has(column) ? " ".repeat(room) + cell : cell + " ".repeat(room);
    });
    const summary = report.models[index - 1];
    const mark = summary && options.baseline ? changeMark(changes, summary.model) : "";
    const line = cut(`${padded.join("  ")}${mark ? `  ${mark}` : ""}`.trimEnd(), width);
    if (index === 0) return paint(color, "1", line);
    return mark.includes("regressed") ? paint(color, "31", line) : line;
  });

  const failures = report.results.filter((result) => !result.pass);
  if (failures.length > 0) {
    lines.push("", paint(color, "1", `Failing (${failures.length}):`));
    for (const result of failures) {
      const regressed = changes.some(
        (change) =>
          change.kind === "regression" &&
          change.model === result.model &&
          change.caseId === result.caseId,
      );
      const where = `${visibleName(result.model)}  ${visibleName(result.caseId)} [trial ${result.trial}]`;
      const reason = oneLine(failureReasons(result)[0] ?? "");
      const line = cut(`${regressed ? "regressed  " : ""}${where}  ${reason}`, width);
      lines.push(regressed ? paint(color, "31", line) : line);
    }
  }

  if (options.baseline) {
    const counts = options.baseline.counts;
    const covered = counts
      ? ` (${counts.compared} compared, ${counts.onlyInReport} new, ${counts.onlyInBaseline} only in the baseline)`
      : "";
    lines.push("", paint(color, "1", `Against the baseline${covered}:`));
    if (changes.length === 0) lines.push("no pass rate changed");
    for (const change of changes) {
      const kind = change.kind === "regression" ? "regressed" : "improved";
      const line = cut(
        `${kind}  ${visibleName(change.model)}  ${visibleName(change.caseId)}  ${formatPercent(change.before)} → ${formatPercent(change.after)}`,
        width,
      );
      lines.push(paint(color, change.kind === "regression" ? "31" : "32", line));
    }
  }
  return `${lines.join("\n")}\n`;
}
