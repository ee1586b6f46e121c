import { checkApiKey, LangchainMiniError, readMilliseconds } from "@langchain-mini/core";

/**
 * Claude Haiku 5.5: the current Haiku, the cheapest and fastest current Claude model, and
 * each ReAct step is a short completion. Claude Sonnet 5.5 (`claude-sonnet-5-5`) is the
 * choice for harder questions.
 */
export const DEFAULT_MODEL = "claude-haiku-5-5";
export const DEFAULT_TIMEOUT_MS = 60_000;
/** The Messages API requires max_tokens; every current model accepts this many. */
export const DEFAULT_MAX_TOKENS = 8_192;
const DEFAULT_BASE_URL = "https://api.anthropic.com";
const LOG_LEVELS = ["off", "error", "warn", "info", "debug"] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

export interface AnthropicOptions {
  /** Default: ANTHROPIC_API_KEY. */
  readonly apiKey?: string;
  /** Default: ANTHROPIC_BASE_URL, else Anthropic's API. The SDK appends /v1/messages. */
  readonly baseURL?: string;
  /** Default: ANTHROPIC_MODEL, else claude-haiku-5-5. */
  readonly model?: string;
  /** Give up on a server that sends nothing for this long; default ANTHROPIC_TIMEOUT_MS or 60 s. */
  readonly timeoutMs?: number;
  /** Retries for 429, 529 overload, 5xx and dropped connections; default 2. */
  readonly maxRetries?: number;
  /** The first retry's wait when the server names none (then doubling, up to 8 s); default 500 ms. */
  readonly retryDelayMs?: number;
  /** When a request sets none; default 8192. */
  readonly maxTokens?: number;
  /** Mark the stable prefix of each prompt for Anthropic's prompt cache; default true. */
  readonly promptCaching?: boolean;
  /** Where ANTHROPIC_* come from when not given above; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface AnthropicSettings {
  readonly apiKey: string;
  readonly baseURL: string;
  readonly model: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly retryDelayMs: number;
  readonly maxTokens: number;
  readonly promptCaching: boolean;
  /** The SDK's own logging: off unless ANTHROPIC_LOG asks, and then on stderr. */
  readonly logLevel: LogLevel;
  /** Where requests go, without credentials: named in error messages. */
  readonly host: string;
}

export const MISSING_KEY =
  "ANTHROPIC_API_KEY is not set: set it in the environment or .env (create a key at console.anthropic.com), or set ANTHROPIC_BASE_URL for a compatible server that needs none";

/** Options in code win over the environment. */
export function resolveSettings(options: AnthropicOptions = {}): AnthropicSettings {
  const env = options.env ?? process.env;
  const baseURL = options.baseURL ?? (env.ANTHROPIC_BASE_URL || undefined);
  const apiKey = options.apiKey ?? (env.ANTHROPIC_API_KEY || undefined);
  // Checked here: without a key the SDK would look for credential files and profiles.
  if (!apiKey && !baseURL) throw new LangchainMiniError("config_invalid", MISSING_KEY);
  return {
    // A compatible local server may ignore the key; the SDK still needs one.
    apiKey: apiKey === undefined ? "not-needed" : checkApiKey("ANTHROPIC_API_KEY", apiKey),
    baseURL: baseURL ?? DEFAULT_BASE_URL,
    model: options.model || env.ANTHROPIC_MODEL || DEFAULT_MODEL,
    timeoutMs:
      options.timeoutMs ??
      readMilliseconds("ANTHROPIC_TIMEOUT_MS", env.ANTHROPIC_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
    maxRetries: options.maxRetries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 500,
    maxTokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
    promptCaching: options.promptCaching ?? true,
    logLevel: LOG_LEVELS.find((level) => level === env.ANTHROPIC_LOG) ?? "off",
    host: describeHost(baseURL),
  };
}

function describeHost(baseURL: string | undefined) {
  if (!baseURL) return "api.anthropic.com";
  const url = URL.parse(baseURL);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new LangchainMiniError(
      "config_invalid",
      `ANTHROPIC_BASE_URL is not an http(s) URL: '${baseURL}' (e.g. https://api.anthropic.com)`,
    );
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, "")}`;
}
