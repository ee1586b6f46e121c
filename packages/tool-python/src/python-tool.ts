import {
  abortError,
  LangchainMiniError,
  type PluginEnv,
  type Tool,
  type ToolContext,
} from "@langchain-mini/core";
import { LONGEST_TIMER_MS } from "@langchain-mini/core/provider-kit";
import { cleanInput } from "./clean-input.js";
import { type PythonLimits, resolveLimits } from "./limits.js";
import { observe, observeLoss } from "./observation.js";
import { findRuntimeFiles } from "./runtime-files.js";
import { SandboxPool } from "./sandbox-pool.js";
import type { CallOutcome } from "./sandbox-process.js";

export interface PythonToolOptions extends Partial<PythonLimits> {
  /** Where PYTHON_TOOL_* settings are read; default process.env. */
  readonly env?: PluginEnv;
  /**
   * Start a sandbox now, in the background, so that the first call does not wait for all
   * of Pyodide's start-up; default true.
   */
  readonly prestart?: boolean;
}

/** The `python` tool, plus what a host that owns it may do: wait for it, and close it. */
export interface PythonTool extends Tool {
  /** The limits in force. */
  readonly limits: PythonLimits;
  /** Resolves with the start-up time in ms once a sandbox for the next run is ready. */
  whenReady(): Promise<number>;
  /** Ends every sandbox now; later calls start new ones. */
  close(): void;
}

const DESCRIPTION =
  "Runs Python 3 code and shows what a REPL would: what it prints, the value of the last expression, and the last line of an error. Variables, functions and imports persist between calls within one question. Only the standard library is available (math, statistics, datetime, json, re, itertools, fractions, decimal, ...); no files, network or subprocesses. Input: Python source code.";

/** A Python REPL in a sandbox: Pyodide in a Deno process with no permissions. */
export function createPythonTool(options: PythonToolOptions = {}): PythonTool {
  const env = options.env ?? process.env;
  const limits = resolveLimits(env, options);
  const lookup = findRuntimeFiles(env);
  if (!lookup.found) throw new LangchainMiniError("config_invalid", lookup.reason);
  const pool = new SandboxPool(lookup.files, limits);
  if (options.prestart ?? true) pool.prestart();
  return {
    name: "python",
    description: DESCRIPTION,
    // Sandboxed, yet it runs whatever code the model writes: the user says yes first.
    needsApproval: true,
    limits,
    // No timeout of the executor's: a wall-clock deadline is one a busy machine reaches
    // while all is well (a first call waits for Python to load, seconds idle and minutes
    // when starved). The sandbox bounds itself instead, in CPU time (loading, each call,
    // anything between calls) and in time spent waiting, and says which bound it hit.
    timeoutMs: LONGEST_TIMER_MS,
    execute: (input, context) => execute(pool, limits, input, context),
    whenReady: () => pool.prestart().whenReady(),
    close: () => pool.close(),
  };
}

async function execute(
  pool: SandboxPool,
  limits: PythonLimits,
  input: string,
  context: ToolContext,
): Promise<string> {
  const code = cleanInput(input);
  if (!code) return "No code given: write Python source code as the input.";
  const { sandbox, lost } = pool.sandboxFor(context.run);
  let outcome: CallOutcome;
  try {
    outcome = await sandbox.run(code, context.signal);
  } catch (error) {
    // Only start-up fails this way; calls end in an outcome.
    pool.discard(sandbox, context.run);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the Python sandbox could not start: ${reason}`);
  }
  if (outcome.kind === "aborted") {
    pool.discard(sandbox, context.run);
    throw abortError("The Python call was cancelled");
  }
  if (!sandbox.alive || outcome.kind !== "report" || outcome.report.crashed) {
    pool.replace(sandbox, context.run);
  }
  const observation = observe(outcome, limits);
  return lost ? `${observeLoss(lost, limits)}\n${observation}` : observation;
}
