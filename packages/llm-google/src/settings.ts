import { checkApiKey, LangchainMiniError } from "@langchain-mini/core";

/**
 * Google's current stable Flash model: fast and cheap enough for an agent that calls the
 * model once per step, it honours stop sequences and calls functions natively.
 */
export const DEFAULT_MODEL = "gemini-3.8-flash";
/** Thinking models may send nothing while they think: longer than OpenAI's default. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** Node's fetch gives up on a silent server after five minutes whatever we ask. */
const LONGEST_TIMEOUT_MS = 300_000;
export const DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";

export interface GeminiOptions {
  /** Default: GOOGLE_API_KEY, else GEMINI_API_KEY (the SDK's own order). */
  readonly apiKey?: string;
  /** Default: GOOGLE_GEMINI_BASE_URL, else Google's API. */
  readonly baseUrl?: string;
  /** Default: GEMINI_MODEL, else gemini-3.8-flash. */
  readonly model?: string;
  /** Default: GOOGLE_GENAI_API_VERSION ("beta" meaning v1beta), else the SDK's default. */
  readonly apiVersion?: string;
  /** Give up on a server that sends nothing for this long; default GEMINI_TIMEOUT_MS or 120 s. */
  readonly timeoutMs?: number;
  /** Retries for 429, 5xx and dropped connections; default 2. */
  readonly maxRetries?: number;
  /** The first retry's wait when the server names none (then doubling, up to 8 s); default 500 ms. */
  readonly retryDelayMs?: number;
  readonly temperature?: number;
  /** Where the variables above come from; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface GeminiSettings {
  readonly apiKey: string;
  /** The variable the key came from, named in messages about it. */
  readonly keyName: string;
  readonly baseUrl: string;
  readonly model: string;
  readonly apiVersion: string | undefined;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly retryDelayMs: number;
  readonly temperature: number | undefined;
  /** Where requests go, without credentials: named in error messages. */
  readonly host: string;
}

export const MISSING_KEY =
  "GEMINI_API_KEY is not set: set it (or GOOGLE_API_KEY) in the environment or .env; keys are at https://aistudio.google.com/apikey";

/** Options in code win over the environment. */
export function resolveSettings(options: GeminiOptions = {}): GeminiSettings {
  const env = options.env ?? process.env;
  const [keyName, apiKey] = options.apiKey
    ? ["The API key", options.apiKey]
    : env.GOOGLE_API_KEY?.trim()
      ? ["GOOGLE_API_KEY", env.GOOGLE_API_KEY.trim()]
      : ["GEMINI_API_KEY", env.GEMINI_API_KEY?.trim() ?? ""];
  if (!apiKey) throw new LangchainMiniError("config_invalid", MISSING_KEY);
  const baseUrl = options.baseUrl ?? (env.GOOGLE_GEMINI_BASE_URL?.trim() || DEFAULT_BASE_URL);
  return {
    apiKey: checkApiKey(keyName, apiKey),
    keyName,
    baseUrl,
    model: options.model || env.GEMINI_MODEL?.trim() || DEFAULT_MODEL,
    apiVersion: options.apiVersion ?? apiVersionOf(env.GOOGLE_GENAI_API_VERSION),
    timeoutMs: options.timeoutMs ?? parseTimeout(env.GEMINI_TIMEOUT_MS),
    maxRetries: options.maxRetries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 500,
    temperature: options.temperature,
    host: describeHost(baseUrl),
  };
}

function apiVersionOf(value: string | undefined) {
  const version = value?.trim();
  if (!version) return undefined;
  return version === "beta" ? "v1beta" : version;
}

function parseTimeout(value: string | undefined) {
  if (!value) return DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms <= 0 || ms > LONGEST_TIMEOUT_MS) {
    throw new LangchainMiniError(
      "config_invalid",
      `GEMINI_TIMEOUT_MS must be a number of milliseconds from 1 to ${LONGEST_TIMEOUT_MS}, got '${value}'`,
    );
  }
  return ms;
}

function describeHost(baseUrl: string) {
  const url = URL.parse(baseUrl);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new LangchainMiniError(
      "config_invalid",
      `GOOGLE_GEMINI_BASE_URL is not an http(s) URL: '${baseUrl}' (e.g. https://generativelanguage.googleapis.com)`,
    );
  }
  if (url.href === `${DEFAULT_BASE_URL}/`) return url.host;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, "")}`;
}
