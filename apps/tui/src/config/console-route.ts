import { formatWithOptions } from "node:util";
import { terminalText } from "@langchain-mini/host";

const METHODS = ["log", "info", "debug", "warn", "error", "trace", "dir"] as const;

/**
 * Sends everything written with `console` to `write`, one formatted text per call. Vendor
 * SDKs and plug-ins log with `console`; its log, info and debug lines would otherwise go
 * to stdout, into the answer and `--json`'s one event per line.
 */
export function routeConsole(write: (text: string) => void) {
  for (const method of METHODS) {
    console[method] = (...args: unknown[]) => write(formatWithOptions({ colors: false }, ...args));
  }
}

/**
 * The CLI's default: console lines (a vendor SDK's log with OPENAI_LOG=debug) on stderr,
 * with the environment's and loaded plug-ins' secrets blanked, never on stdout.
 */
export function routeConsoleToStderr(redact: (text: string) => string) {
  routeConsole((text) => process.stderr.write(`${redact(terminalText(text))}\n`));
}
