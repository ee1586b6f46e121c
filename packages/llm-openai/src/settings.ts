import {
  awayFromHost,
  type ProviderOptions,
  type ProviderSettings,
  providerSettings,
  type SdkLogLevel,
  sdkLogLevel,
} from "@langchain-mini/core/provider-kit";

/** A current model that accepts `stop`, so the ReAct loop needs no client-side cut. */
export const DEFAULT_MODEL = "gpt-4.1-mini";
export const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_BASE_URL = "https://api.openai.com/v1";
const OWN_HOST = "api.openai.com";

export interface OpenAiOptions extends ProviderOptions {
  /** Default: OPENAI_API_KEY. A server other than OpenAI's needs none unless it says so. */
  readonly apiKey?: string;
  /**
   * Default: OPENAI_BASE_URL, else OpenAI's API. A bare host gets `/v1`
   * (`http://localhost:11434` is `http://localhost:11434/v1`); any other path is kept.
   */
  readonly baseURL?: string;
  /** Default: OPENAI_MODEL, else gpt-4.1-mini. */
  readonly model?: string;
  /** Give up on a server that sends nothing for this long; default OPENAI_TIMEOUT_MS or 60 s. */
  readonly timeoutMs?: number;
  readonly temperature?: number;
  /** Where OPENAI_* come from when not given above; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface OpenAiSettings extends ProviderSettings {
  readonly temperature: number | undefined;
  /** The SDK's own logging: off unless OPENAI_LOG asks, so it never writes over the UI. */
  readonly logLevel: SdkLogLevel;
}

/** For code that constructs the LLM, which can pass options. */
export const MISSING_KEY =
  "OPENAI_API_KEY is not set: set the environment variable or pass apiKey; a local server such as Ollama needs none (set OPENAI_BASE_URL or pass baseURL)";
/** For hosts, which configure it through the environment alone. */
export const MISSING_KEY_VARIABLE =
  "OPENAI_API_KEY is not set: set it in the environment, or set OPENAI_BASE_URL for a local server such as Ollama, which needs none";

/** Whether a base URL setting moves requests to a server that may need no key. */
export const awayFromOwnApi = (baseURL: string | undefined) => awayFromHost(baseURL, OWN_HOST);

/** Options in code win over the environment. */
export function resolveSettings(options: OpenAiOptions = {}): OpenAiSettings {
  const env = options.env ?? process.env;
  return {
    ...providerSettings(options, {
      prefix: "OPENAI",
      defaultModel: DEFAULT_MODEL,
      defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
      ownHost: OWN_HOST,
      defaultBaseURL: DEFAULT_BASE_URL,
      example: EXAMPLE,
      forSdk: withVersionPath,
      missingKey: MISSING_KEY,
    }),
    temperature: options.temperature,
    logLevel: sdkLogLevel(env.OPENAI_LOG),
  };
}

const EXAMPLE = "http://localhost:11434/v1";

/**
 * The SDK appends `/chat/completions` to the base URL. A bare host (`http://host:port`)
 * means the API's usual `/v1`; any other path is the server's or a proxy's own (Azure,
 * OpenRouter's `/api/v1`, a gateway's prefix) and is kept as given.
 */
function withVersionPath(url: URL): URL {
  if (url.pathname !== "/") return url;
  const versioned = new URL(url.href);
  versioned.pathname = "/v1";
  return versioned;
}
