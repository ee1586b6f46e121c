import { type ErrorInfo, LangchainMiniError } from "./errors.js";
import type { Tool } from "./tool.js";

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
  tool: Tool,
  input: string,
  options: { readonly signal: AbortSignal; readonly timeoutMs: number },
): Promise<ToolOutcome> {
  const timeoutMs = tool.timeoutMs ?? options.timeoutMs;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout.signal]);
  let onAbort: (() => void) | undefined;
  try {
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new Error("aborted"));
      signal.addEventListener("abort", onAbort, { once: true });
    });
    const output = await Promise.race([Promise.resolve(tool.execute(input, { signal })), aborted]);
    return { observation: typeof output === "string" ? output : String(output) };
  } catch (error) {
    if (options.signal.aborted) throw new LangchainMiniError("aborted", "The run was cancelled");
    if (timeout.signal.aborted) {
      const message = `Tool ${tool.name} timed out after ${formatSeconds(timeoutMs)}. Try a simpler input or another tool.`;
      return { observation: message, error: { code: "tool_timeout", message } };
    }
    const reason = error instanceof Error ? error.message : String(error);
    const message = `Tool ${tool.name} failed: ${reason || "unknown error"}`;
    return { observation: message, error: { code: "tool_failed", message } };
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}

function formatSeconds(ms: number) {
  if (ms < 1000) return `${ms} ms`;
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}
