import { abortError, describeThrown, type ErrorInfo } from "../contracts/errors.js";
import type { Tool, ToolRun } from "../contracts/tool.js";

export interface ToolOutcome {
  /** What the model reads as the observation. */
  readonly observation: string;
  readonly error?: ErrorInfo;
}

/**
 * Runs one tool call. The tool gets a signal that fires on the run's abort or on its own
 * timeout; if it ignores the signal we stop waiting anyway. Whatever it throws becomes an
 * observation the model can act on.
 */
export async function runTool(
  tool: Tool<unknown>,
  input: unknown,
  options: { readonly signal: AbortSignal; readonly timeoutMs: number; readonly run?: ToolRun },
): Promise<ToolOutcome> {
  const runSignal = options.signal;
  if (runSignal.aborted) throw abortError();
  const timeoutMs = tool.timeoutMs ?? options.timeoutMs;
  // One controller per call, linked to the run's signal by hand: AbortSignal.any costs
  // more than the rest of a step put together (weak refs, and garbage for the collector).
  const controller = new AbortController();
  let output: unknown;
  try {
    output = tool.execute(
      input,
      options.run ? { signal: controller.signal, run: options.run } : { signal: controller.signal },
    );
    // A synchronous tool has already finished: no timer, no race.
    if (!isPromiseLike(output)) return outcomeOf(tool, output);
  } catch (error) {
    return failure(tool, error);
  }

  let timedOut = false;
  let stopWaiting: (() => void) | undefined;
  const stopped = new Promise<typeof stoppedMarker>((resolve) => {
    stopWaiting = () => resolve(stoppedMarker);
  });
  const onRunAbort = () => {
    controller.abort(runSignal.reason);
    stopWaiting?.();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    stopWaiting?.();
  }, timeoutMs);
  runSignal.addEventListener("abort", onRunAbort, { once: true });
  // The run may have been cancelled while the tool's synchronous part ran.
  if (runSignal.aborted) onRunAbort();
  try {
    const settled = await Promise.race([output, stopped]);
    if (runSignal.aborted) throw abortError();
    if (settled !== stoppedMarker) return outcomeOf(tool, settled);
  } catch (error) {
    if (runSignal.aborted) throw abortError();
    if (!timedOut) return failure(tool, error);
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener("abort", onRunAbort);
  }
  const message = `Tool ${tool.name} timed out after ${formatSeconds(timeoutMs)}. Try a simpler input or another tool.`;
  return { observation: message, error: { code: "tool_timeout", message } };
}

const stoppedMarker: unique symbol = Symbol("stopped");

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

/** Text is the contract; a number or boolean reads as text too; anything else is a failure. */
function outcomeOf(tool: Tool<unknown>, output: unknown): ToolOutcome {
  if (typeof output === "string") return { observation: output };
  if (typeof output === "number" || typeof output === "boolean" || typeof output === "bigint") {
    return { observation: String(output) };
  }
  const what =
    output === null
      ? "null"
      : output === undefined
        ? "nothing"
        : typeof output === "object"
          ? "an object"
          : `a ${typeof output}`;
  const message = `Tool ${tool.name} returned ${what} instead of text`;
  return { observation: message, error: { code: "tool_failed", message } };
}

function failure(tool: Tool<unknown>, error: unknown): ToolOutcome {
  const message = `Tool ${tool.name} failed: ${describeThrown(error)}`;
  return { observation: message, error: { code: "tool_failed", message } };
}

function formatSeconds(ms: number) {
  if (ms < 1000) return `${ms} ms`;
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}
