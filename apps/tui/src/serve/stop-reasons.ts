import { abortError, type LangchainMiniError } from "@langchain-mini/core";

/**
 * Why a run handler's signal ended, read from `signal.reason`. The two call for opposite
 * endings: a cancelled run ends `aborted` in its journal, while a run handed over (this
 * process is stopping, or lost the run to another) must stop without ending it, so that
 * the process that takes the job next resumes it from its journal.
 */
const HANDED_OVER = Symbol("langchain-mini.serve.handed-over");

/** The reason a cancelled run's handler sees: the run ends `aborted`. */
export function cancelledRun(): LangchainMiniError {
  return abortError("The run was cancelled");
}

/** The reason a handler sees when its run goes on elsewhere: stop, but do not end the run. */
export function handedOver(why: string): LangchainMiniError {
  const reason = abortError(`${why}: the run goes on in another process`);
  Object.defineProperty(reason, HANDED_OVER, { value: true });
  return reason;
}

/** True when the signal ended because the run is handed over, not cancelled. */
export function isHandedOver(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  return (
    signal.aborted &&
    typeof reason === "object" &&
    reason !== null &&
    (reason as Record<symbol, unknown>)[HANDED_OVER] === true
  );
}
