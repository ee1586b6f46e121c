/** The shape vendor SDKs (OpenAI, Anthropic) take as `logger`. */
export interface SdkLogger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

/**
 * A logger for a vendor SDK that never writes to stdout. SDKs log with `console` by
 * default, whose info and debug lines go to stdout: into the answer and `--json`'s
 * one-event-per-line. Every level goes through `console.error` (or `console.warn`),
 * looked up at each call, so a host that routes the console (the CLI blanks secrets
 * and keeps the terminal UI clean) gets the SDK's lines too.
 */
export const SDK_LOGGER: SdkLogger = {
  error: (...args) => console.error(...args),
  warn: (...args) => console.warn(...args),
  info: (...args) => console.error(...args),
  debug: (...args) => console.error(...args),
};

const SDK_LOG_LEVELS = ["off", "error", "warn", "info", "debug"] as const;
export type SdkLogLevel = (typeof SDK_LOG_LEVELS)[number];

/** A vendor SDK's log level from its variable (e.g. OPENAI_LOG): off unless one is named. */
export function sdkLogLevel(value: string | undefined): SdkLogLevel {
  return SDK_LOG_LEVELS.find((level) => level === value?.trim()) ?? "off";
}

/** The variable that sets it, for a provider's `environment` list. */
export const sdkLogVariable = (name: string) => ({
  name,
  description: "the SDK's own log level, on stderr",
});
