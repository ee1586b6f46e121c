import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  baselineCounts,
  builtInScorers,
  type CaseRuntime,
  checkCase,
  compareBaseline,
  type EvalReport,
  exitCodeFor,
  type HtmlReportOptions,
  htmlReport,
  junitXml,
  loadScorers,
  progressLine,
  RecordingError,
  readResultsJson,
  readSuiteFile,
  reportTable,
  resultsJson,
  runEval,
  SuiteError,
} from "@langchain-mini/eval";
import { terminalText, usageError } from "@langchain-mini/host";
import { type RunOptionFlags, runOptions } from "../config/run-flags.js";
import type { Shell } from "../shell.js";

/** The flags `eval` reads besides those it checked itself: `ask`'s, less a session's. */
export interface EvalFlags extends RunOptionFlags {
  readonly llm?: readonly string[];
  readonly judge?: string;
  readonly scorer?: readonly string[];
  readonly json?: string;
  readonly junit?: string;
  readonly html?: string;
  readonly baseline?: string;
  readonly record?: string;
  readonly replay?: string;
  readonly trust?: boolean;
}

export interface EvalSettings {
  readonly suite: string;
  readonly trials: number;
  readonly concurrency: number;
  readonly threshold?: number;
  /** `--store redis://…`: the case runs fan out over that Redis's queue. */
  readonly store?: string;
}

/** Runs the suite: progress on a terminal, the table on stdout, the files asked for. */
export async function runEvalCommand(
  shell: Shell,
  flags: EvalFlags,
  settings: EvalSettings,
): Promise<number> {
  const cwd = process.cwd();
  const { host, warnings } = await shell.openHost({ trust: flags.trust });
  for (const warning of warnings) process.stderr.write(`Warning: ${warning}\n`);
  try {
    const plugins = await loadScorers(flags.scorer ?? [], { cwd, env: host.env });
    const scorers = [...builtInScorers, ...plugins];
    const suite = await readSuiteFile(resolve(cwd, settings.suite), (evalCase) =>
      checkCase(evalCase, scorers).map(({ message }) => message),
    ).catch(asUsageError);
    const baseline = flags.baseline ? await readBaseline(resolve(cwd, flags.baseline)) : undefined;
    const runtime: CaseRuntime = runOptions(flags);
    const fanOut =
      settings.store === undefined
        ? undefined
        : await (await import("./fan-out.js")).startFanOut({
            host,
            store: settings.store,
            concurrency: settings.concurrency,
            settings: { runtime, scorers: flags.scorer ?? [], cwd },
            report: (error) => warn(host, error.message),
          });
    const progress = progressWriter();
    const report = await runEval(suite, {
      host,
      ...(flags.llm?.length ? { models: flags.llm } : {}),
      trials: settings.trials,
      concurrency: settings.concurrency,
      runtime,
      ...(flags.judge ? { judge: flags.judge } : {}),
      scorers: plugins,
      ...(flags.record ? { record: resolve(cwd, flags.record) } : {}),
      ...(flags.replay ? { replay: resolve(cwd, flags.replay) } : {}),
      ...(fanOut ? { dispatch: fanOut.dispatch, signal: fanOut.signal } : {}),
      onResult: (result, done, total) => progress(result.pass, done, total),
    })
      .catch(asUsageError)
      .finally(async () => {
        progress.end();
        await fanOut?.close();
      });
    const changes = baseline && {
      changes: compareBaseline(report, baseline),
      counts: baselineCounts(report, baseline),
    };
    process.stdout.write(
      shell.redact(
        reportTable(report, {
          color: process.stdout.isTTY === true,
          // A pipe or a CI log keeps whole lines; a terminal gets lines that fit it.
          width: process.stdout.isTTY ? (process.stdout.columns ?? 100) : 10_000,
          ...(changes ? { baseline: changes } : {}),
        }),
      ),
    );
    await writeReports(report, flags, changes, shell.redact);
    return settings.threshold === undefined ? 0 : exitCodeFor(report, settings.threshold);
  } finally {
    await host.close();
  }
}

/** A line for the user from the queue's side (a lost connection): one line, secrets masked. */
function warn(host: { secrets: { redact(text: string): string } }, message: string) {
  process.stderr.write(`langchain-mini: Warning: ${host.secrets.redact(terminalText(message))}\n`);
}

/** A suite or recording that cannot be used is the user's to fix: one line, exit 2. */
function asUsageError(error: unknown): never {
  if (error instanceof SuiteError || error instanceof RecordingError) {
    throw usageError(error.message);
  }
  throw error;
}

async function readBaseline(file: string): Promise<EvalReport> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw usageError(`--baseline ${file}: no such file: give a file an earlier eval --json wrote`);
  }
  return readResultsJson(text, file);
}

/**
 * The files asked for, each whole or not at all (a temporary file renamed over it), keys
 * blanked: a judge's reply or a tool's output in an answer is text from outside.
 */
async function writeReports(
  report: EvalReport,
  flags: EvalFlags,
  baseline: HtmlReportOptions["baseline"],
  redact: (text: string) => string,
) {
  const files: [string, string | undefined, () => string][] = [
    ["--json", flags.json, () => resultsJson(report)],
    ["--junit", flags.junit, () => junitXml(report)],
    ["--html", flags.html, () => htmlReport(report, baseline ? { baseline } : {})],
  ];
  for (const [flag, file, text] of files) {
    if (file === undefined) continue;
    const path = resolve(process.cwd(), file);
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      await writeFile(temporary, redact(text()));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      const reason = (error as NodeJS.ErrnoException).code ?? "unknown error";
      throw usageError(
        `${flag} ${path} could not be written (${reason}): check the folder exists and has room`,
      );
    }
  }
}

/** The progress bar on a terminal's stderr, redrawn in place; nothing in a pipe. */
function progressWriter() {
  const terminal = process.stderr.isTTY === true;
  let passed = 0;
  let drawn = false;
  const draw = (ok: boolean, done: number, total: number) => {
    if (ok) passed++;
    if (!terminal) return;
    const width = process.stderr.columns ?? 80;
    process.stderr.write(`\r${progressLine(done, total, passed, width - 1)}`);
    drawn = true;
  };
  return Object.assign(draw, {
    end() {
      if (drawn) process.stderr.write("\r\u001b[2K");
    },
  });
}
