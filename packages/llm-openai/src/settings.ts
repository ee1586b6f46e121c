import { checkApiKey, LangchainMiniError, readMilliseconds } from "@langchain-mini/core";
import type { ClientOptions } from "openai";

/** A current model that accepts `stop`, so the ReAct loop needs no client-side cut. */
export const DEFAULT_MODEL = "gpt-4.1-mini";
export const DEFAULT_TIMEOUT_MS = 60_000;
type LogLevel = NonNullable<ClientOptions["logLevel"]>;
const LOG_LEVELS: readonly LogLevel[] = ["off", "error", "warn", "info", "debug"];

export interface OpenAiOptions {
  /** Default: OPENAI_API_KEY. Local servers need none. */
  readonly apiKey?: string;
  /** Default: OPENAI_BASE_URL, else OpenAI's API. e.g. http://localhost:11434/v1 for Ollama. */
  readonly baseURL?: string;
  /** Default: OPENAI_MODEL, else gpt-4.1-mini. */
  readonly model?: string;
  /** Give up on a server that sends nothing for this long; default OPENAI_TIMEOUT_MS or 60 s. */
  readonly timeoutMs?: number;
  /** Retries for 429, 5xx and dropped connections; default 2. */
  readonly maxRetries?: number;
  /** The first retry's wait when the server names none (then doubling, up to 8 s); default 500 ms. */
  readonly retryDelayMs?: number;
  readonly temperature?: number;
  /** Where OPENAI_* come from when not given above; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface OpenAiSettings {
  readonly apiKey: string;
  readonly baseURL: string | undefined;
  readonly model: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly retryDelayMs: number;
  readonly temperature: number | undefined;
  /** The SDK's own logging: off unless OPENAI_LOG asks, so it never writes over the UI. */
  readonly logLevel: LogLevel;
  /** Where requests go, without credentials: named in error messages. */
  readonly host: string;
}

/** Options in code win over the environment. */
export function resolveSettings(options: OpenAiOptions = {}): OpenAiSettings {
  const env = options.env ?? process.env;
  const baseURL = options.baseURL ?? (env.OPENAI_BASE_URL || undefined);
  const apiKey = options.apiKey ?? (env.OPENAI_API_KEY || undefined);
  if (!apiKey && !baseURL) {
    throw new LangchainMiniError(
      "config_invalid",
      "OPENAI_API_KEY is not set: set it in the environment or .env, or set OPENAI_BASE_URL for a local server such as Ollama",
    );
  }
  const timeoutMs =
    options.timeoutMs ??
    readMilliseconds("OPENAI_TIMEOUT_MS", env.OPENAI_TIMEOUT_MS, DEFAULT_TIMEOUT_MS);
  return {
    // Local OpenAI-compatible servers ignore the key, but the SDK insists on one.
    apiKey: apiKey === undefined ? "not-needed" : checkApiKey("OPENAI_API_KEY", apiKey),
    baseURL,
    model: options.model || env.OPENAI_MODEL || DEFAULT_MODEL,
    timeoutMs,
    maxRetries: options.maxRetries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 500,
    temperature: options.temperature,
    logLevel: LOG_LEVELS.find((level) => level === env.OPENAI_LOG) ?? "off",
    host: describeHost(baseURL),
  };
}

function describeHost(baseURL: string | undefined) {
  if (!baseURL) return "api.openai.com";
  const url = URL.parse(baseURL);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new LangchainMiniError(
      "config_invalid",
      `OPENAI_BASE_URL is not an http(s) URL: '${baseURL}' (e.g. http://localhost:11434/v1)`,
    );
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, "")}`;
}
