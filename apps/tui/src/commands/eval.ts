import { terminalText, usageError } from "@langchain-mini/host";
import { parseCommandLine } from "../config/command-line.js";
import { count } from "../config/count-flag.js";
import { runOptionSpec } from "../config/run-flags.js";
import type { Shell } from "../shell.js";

export const EVAL_USAGE = `Usage: langchain-mini eval [options] <suite.jsonl|suite.yaml>

Runs every case of a suite on every model, scores each answer and run, and prints a table
per model: pass rate, cost, tokens, latency, steps, then each failing case. A case is one
JSON line (or YAML item) whose keys are its scorers, for example
  {"id": "periods", "question": "How many five year periods are in 2023?", "includes": "404"}
(see "Eval" in the README for every key).

Options:
  --llm <spec>       a model to evaluate; give it again for more (default: the suite's
                     "models", else the default provider)
  --trials <n>       runs of each case on each model; default 1
  --concurrency <k>  case runs at once, across models; default 4 (429s are retried as in ask)
  --judge <spec>     the model that grades "judge" cases (default: the suite's "judge")
  --scorer <module>  load scorers from a plug-in module (by package name or path); again
                     for more
  --json <file>      every case run: model, case, trial, run id, answer, pass, scores,
                     cost, tokens, duration
  --junit <file>     JUnit XML for CI: a test case per model, case and trial
  --html <file>      a self-contained report: pass rate against cost, failing trajectories
  --threshold <0..1> exit 1 when any model's pass rate is below it
  --baseline <file>  an earlier --json file: mark regressions and improvements
  --record <dir>     keep every LLM exchange, a file per model
  --replay <dir>     answer every LLM call from --record's files: offline, no key; a prompt
                     that differs from the recording is an error (exit 2)
  --store <url>      redis://…: the case runs fan out over a queue on that Redis, worked
                     by this process and every serve --store on the same Redis (their own
                     keys); --concurrency is then this eval's runs at once across the
                     queue; not with --record or --replay. Other stores: runs stay here
  --tools, --mcp, --agent, --max-steps, --max-tokens, --context-window, --max-cost,
  --max-tokens-total, --approval, --trace, --constrained, --trust:
                     as for ask (langchain-mini ask --help); a case's "tools" and "limits" win
  --debug            add stack traces to errors

Exit status: 0 the eval ran (and, with --threshold, every model passed it), 1 a model's
pass rate is below --threshold, 2 a bad suite, flag or recording; 130/143 stopped.`;

const evalOptionSpec = {
  ...runOptionSpec,
  llm: { type: "string", multiple: true },
  trials: { type: "string" },
  concurrency: { type: "string" },
  judge: { type: "string" },
  scorer: { type: "string", multiple: true },
  json: { type: "string" },
  junit: { type: "string" },
  html: { type: "string" },
  threshold: { type: "string" },
  baseline: { type: "string" },
  record: { type: "string" },
  replay: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** `eval`: checks its flags, then runs the suite (the work is in run-eval-command.ts). */
export async function evaluate(argv: readonly string[], shell: Shell): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    options: evalOptionSpec,
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${EVAL_USAGE}\n`);
    return 0;
  }
  const [suite, ...extra] = positionals;
  if (suite === undefined || extra.length > 0) {
    throw usageError(
      suite === undefined
        ? "eval needs a suite file: langchain-mini eval suite.jsonl (see langchain-mini eval --help)"
        : `eval takes one suite file, not also '${terminalText(extra[0] ?? "")}'`,
    );
  }
  for (const flag of ["session", "history", "session-max-cost", "no-journal"] as const) {
    if (values[flag] !== undefined) {
      throw usageError(`eval has no --${flag}: each case runs in a conversation of its own`);
    }
  }
  if (values.record !== undefined && values.replay !== undefined) {
    throw usageError("--record and --replay go apart: record once, then replay");
  }
  // Only a Redis store changes where cases run; any other store keeps them here.
  const store =
    values.store !== undefined && /^rediss?:\/\//i.test(values.store.trim())
      ? values.store.trim()
      : undefined;
  if (store !== undefined && (values.record !== undefined || values.replay !== undefined)) {
    throw usageError(
      `--${values.record !== undefined ? "record" : "replay"} runs in one process: leave out --store redis://… to use it`,
    );
  }
  const settings = {
    suite,
    trials: count("--trials", values.trials, 1, 1, 1_000),
    concurrency: count("--concurrency", values.concurrency, 4, 1, 1_000),
    threshold: fraction(values.threshold),
    ...(store !== undefined ? { store } : {}),
  };
  const { runEvalCommand } = await import("../eval/run-eval-command.js");
  return runEvalCommand(shell, values, settings);
}

function fraction(text: string | undefined) {
  if (text === undefined) return undefined;
  const value = /^\d*\.?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(value >= 0 && value <= 1)) {
    throw usageError(
      `--threshold must be a pass rate from 0 to 1, such as 0.8, not '${terminalText(text)}'`,
    );
  }
  return value;
}
