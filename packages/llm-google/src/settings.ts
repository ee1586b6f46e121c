import { LangchainMiniError } from "@langchain-mini/core";
import {
  awayFromHost,
  firstSetting,
  type ProviderOptions,
  type ProviderSettings,
  parseBaseURL,
  providerSettings,
} from "@langchain-mini/core/provider-kit";

/**
 * Google's current stable Flash model: fast and cheap enough for an agent that calls the
 * model once per step, it honours stop sequences and calls functions natively.
 */
export const DEFAULT_MODEL = "gemini-3.8-flash";
/** Thinking models may send nothing while they think: longer than OpenAI's default. */
export const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";
/** The SDK's own default, passed explicitly so that it never reads process.env for one. */
const DEFAULT_API_VERSION = "v1";
const OWN_HOST = "generativelanguage.googleapis.com";
/** An API version as the last segment of a base URL's path: v1, v1beta, v1alpha, v2beta3. */
const VERSION_PATH = /\/(v\d+(?:(?:alpha|beta)\d*)?)\/?$/;

export interface GeminiOptions extends ProviderOptions {
  /** Default: GOOGLE_API_KEY, else GEMINI_API_KEY (the SDK's own order). */
  readonly apiKey?: string;
  /**
   * Default: GOOGLE_GEMINI_BASE_URL, else GEMINI_BASE_URL, else Google's API. With or
   * without the API version (`…/v1beta` means `apiVersion` v1beta); a server other than
   * Google's needs no key unless it says so.
   */
  readonly baseURL?: string;
  /** @deprecated The same as `baseURL`, the name every provider takes; `baseURL` wins. */
  readonly baseUrl?: string;
  /** Default: GEMINI_MODEL, else gemini-3.8-flash. */
  readonly model?: string;
  /** Default: the base URL's version path, else GOOGLE_GENAI_API_VERSION ("beta" meaning v1beta), else v1. */
  readonly apiVersion?: string;
  /** Give up on a server that sends nothing for this long; default GEMINI_TIMEOUT_MS or 120 s. */
  readonly timeoutMs?: number;
  readonly temperature?: number;
  /** Where the variables above come from; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface GeminiSettings extends ProviderSettings {
  /** Without the version path: the SDK adds /<apiVersion>/models/… to it. */
  readonly baseURL: string;
  /** @deprecated The same as `baseURL`. */
  readonly baseUrl: string;
  /** Undefined: the SDK's default, v1. */
  readonly apiVersion: string | undefined;
  readonly temperature: number | undefined;
}

/** For code that constructs the LLM, which can pass options. */
const MISSING_KEY =
  "GEMINI_API_KEY is not set: set it (or GOOGLE_API_KEY) in the environment or pass apiKey; keys are at https://aistudio.google.com/apikey; a compatible server may need none (set GOOGLE_GEMINI_BASE_URL or pass baseURL)";
/** For hosts, which configure it through the environment alone. */
export const MISSING_KEY_VARIABLE =
  "GEMINI_API_KEY is not set: set it (or GOOGLE_API_KEY) in the environment; keys are at https://aistudio.google.com/apikey; a compatible server may need none (set GOOGLE_GEMINI_BASE_URL)";

/** Whether a base URL setting moves requests to a server that may need no key. */
export const awayFromOwnApi = (baseURL: string | undefined) => awayFromHost(baseURL, OWN_HOST);

/** Where a base URL may come from, first wins: the option, the SDK's variable, the short one beside GEMINI_*. */
function baseURLCandidates(options: GeminiOptions, env: NonNullable<GeminiOptions["env"]>) {
  return [
    ["the baseURL option", options.baseURL],
    ["the baseUrl option", options.baseUrl],
    ["GOOGLE_GEMINI_BASE_URL", env.GOOGLE_GEMINI_BASE_URL],
    ["GEMINI_BASE_URL", env.GEMINI_BASE_URL],
  ] as const;
}

/** The base URL setting that wins. */
export const baseURLSetting = (options: GeminiOptions, env: GeminiOptions["env"] = {}) =>
  firstSetting(baseURLCandidates(options, env));

/** Options in code win over the environment. */
export function resolveSettings(options: GeminiOptions = {}): GeminiSettings {
  const env = options.env ?? process.env;
  const settings = providerSettings(options, {
    prefix: "GEMINI",
    defaultModel: DEFAULT_MODEL,
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    keys: [
      ["The API key", options.apiKey],
      ["GOOGLE_API_KEY", env.GOOGLE_API_KEY],
      ["GEMINI_API_KEY", env.GEMINI_API_KEY],
    ],
    bases: baseURLCandidates(options, env),
    ownHost: OWN_HOST,
    defaultBaseURL: DEFAULT_BASE_URL,
    example: DEFAULT_BASE_URL,
    forSdk: withoutVersionPath,
    missingKey: MISSING_KEY,
  });
  // The version path of the URL as set names the API version.
  const base = baseURLSetting(options, env);
  const parsed = base && parseBaseURL(base.name, base.value, DEFAULT_BASE_URL);
  return {
    ...settings,
    baseUrl: settings.baseURL,
    apiVersion: apiVersionOf(options, env, base?.name, parsed),
    temperature: options.temperature,
  };
}

/** What the SDK is given: the API version, always explicit. */
export function sdkApiVersion(settings: GeminiSettings): string {
  return settings.apiVersion ?? DEFAULT_API_VERSION;
}

/**
 * The API version: from a base URL that ends in one (copied from a curl line, as other
 * clients take it), else the option or GOOGLE_GENAI_API_VERSION. Both at once must agree.
 */
function apiVersionOf(
  options: GeminiOptions,
  env: NonNullable<GeminiOptions["env"]>,
  baseName: string | undefined,
  url: URL | undefined,
) {
  const fromPath = url && VERSION_PATH.exec(url.pathname)?.[1];
  const [versionName, asked] =
    options.apiVersion === undefined
      ? ["GOOGLE_GENAI_API_VERSION", env.GOOGLE_GENAI_API_VERSION?.trim()]
      : ["the apiVersion option", options.apiVersion.trim()];
  const named = asked === "beta" ? "v1beta" : asked || undefined;
  if (fromPath && named && fromPath !== named) {
    throw new LangchainMiniError(
      "config_invalid",
      `${baseName} ends in /${fromPath} but ${versionName} asks for ${named}: drop one of them`,
    );
  }
  return fromPath ?? named;
}

/** The SDK appends /<apiVersion>/models/…: a version already on the base URL would be doubled. */
function withoutVersionPath(url: URL): URL {
  if (!VERSION_PATH.test(url.pathname)) return url;
  const bare = new URL(url.href);
  bare.pathname = url.pathname.replace(VERSION_PATH, "") || "/";
  return bare;
}
