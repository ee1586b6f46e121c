import { describeThrown, isLangchainMiniError } from "@langchain-mini/core";
import { terminalText } from "@langchain-mini/host";

/**
 * Prints one clear line for a failure and returns the exit status: 2 for usage and
 * configuration mistakes, 1 for everything else. Stack traces only with --debug.
 */
export function reportFailure(
  error: unknown,
  debug: boolean,
  redact: (text: string) => string,
): number {
  try {
    return report(error, debug, redact);
  } catch {
    // Whatever was thrown could not even be looked at (a proxy whose traps throw).
    process.stderr.write("langchain-mini: unexpected error that cannot be described\n");
    return 1;
  }
}

function report(error: unknown, debug: boolean, redact: (text: string) => string): number {
  // `redact` blanks the same secrets as the output boundary: the environment's and every
  // loaded plug-in's.
  // Messages quote servers, files and plug-ins: their control sequences go before keys are found.
  const write = (text: string) => process.stderr.write(redact(terminalText(text)));
  const detail = debug ? stackOf(error) : "";
  if (isLangchainMiniError(error)) {
    write(`langchain-mini: ${error.message}${detail}\n`);
    return error.code === "config_invalid" ? 2 : 1;
  }
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) {
    // Node's own wording runs on with advice about `--`; its first sentence is the point.
    const first = describeThrown(error).split(/\.(?:\s|$)/)[0];
    write(`langchain-mini: ${first}: see --help${detail}\n`);
    return 2;
  }
  write(
    `langchain-mini: unexpected error: ${describeThrown(error)}${detail || " (run again with --debug for details)"}\n`,
  );
  return 1;
}

function stackOf(error: unknown) {
  try {
    const stack = error instanceof Error ? error.stack : undefined;
    return typeof stack === "string" ? `\n${stack}` : "";
  } catch {
    return "";
  }
}
