import {
  awayFromHost,
  type ProviderOptions,
  type ProviderSettings,
  providerSettings,
  type SdkLogLevel,
  sdkLogLevel,
} from "@langchain-mini/core/provider-kit";

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
const OWN_HOST = "api.anthropic.com";

export interface AnthropicOptions extends ProviderOptions {
  /** Default: ANTHROPIC_API_KEY. A server other than Anthropic's needs none unless it says so. */
  readonly apiKey?: string;
  /**
   * Default: ANTHROPIC_BASE_URL, else Anthropic's API. With or without a trailing `/v1`:
   * the SDK appends /v1/messages to what is left.
   */
  readonly baseURL?: string;
  /** Default: ANTHROPIC_MODEL, else claude-haiku-5-5. */
  readonly model?: string;
  /** Give up on a server that sends nothing for this long; default ANTHROPIC_TIMEOUT_MS or 60 s. */
  readonly timeoutMs?: number;
  /** When a request sets none; default 8192. */
  readonly maxTokens?: number;
  /** Mark the stable prefix of each prompt for Anthropic's prompt cache; default true. */
  readonly promptCaching?: boolean;
  /** Where ANTHROPIC_* come from when not given above; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface AnthropicSettings extends ProviderSettings {
  /** Without `/v1`: the SDK adds /v1/messages. */
  readonly baseURL: string;
  readonly maxTokens: number;
  readonly promptCaching: boolean;
  /** The SDK's own logging: off unless ANTHROPIC_LOG asks, and then on stderr. */
  readonly logLevel: SdkLogLevel;
}

/** For code that constructs the LLM, which can pass options. */
const MISSING_KEY =
  "ANTHROPIC_API_KEY is not set: set the environment variable or pass apiKey (create a key at console.anthropic.com); a compatible server may need none (set ANTHROPIC_BASE_URL or pass baseURL)";
/** For hosts, which configure it through the environment alone. */
export const MISSING_KEY_VARIABLE =
  "ANTHROPIC_API_KEY is not set: set it in the environment (create a key at console.anthropic.com), or set ANTHROPIC_BASE_URL for a compatible server that needs none";

/** Whether a base URL setting moves requests to a server that may need no key. */
export const awayFromOwnApi = (baseURL: string | undefined) => awayFromHost(baseURL, OWN_HOST);

/** Options in code win over the environment. */
export function resolveSettings(options: AnthropicOptions = {}): AnthropicSettings {
  const env = options.env ?? process.env;
  return {
    ...providerSettings(options, {
      prefix: "ANTHROPIC",
      defaultModel: DEFAULT_MODEL,
      defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
      ownHost: OWN_HOST,
      defaultBaseURL: DEFAULT_BASE_URL,
      example: EXAMPLE,
      forSdk: withoutVersionPath,
      missingKey: MISSING_KEY,
    }),
    maxTokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
    promptCaching: options.promptCaching ?? true,
    logLevel: sdkLogLevel(env.ANTHROPIC_LOG),
  };
}

const EXAMPLE = "https://api.anthropic.com";

/**
 * The SDK appends `/v1/messages`: a base URL copied with the API's `/v1` on its end
 * (as other clients take it) would be asked for /v1/v1/messages, which no server has.
 */
function withoutVersionPath(url: URL): URL {
  if (!/\/v1\/?$/.test(url.pathname)) return url;
  const bare = new URL(url.href);
  bare.pathname = url.pathname.replace(/\/v1\/?$/, "") || "/";
  return bare;
}
