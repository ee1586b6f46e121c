import { LangchainMiniError } from "@langchain-mini/core";

export type Env = Readonly<Record<string, string | undefined>>;

export interface SearchOptions {
  /** Default: SERPAPI_API_KEY. */
  readonly apiKey?: string;
  /**
   * Send requests to a proxy or a local fake instead of serpapi.com, e.g.
   * `http://127.0.0.1:8080`; default SERPAPI_BASE_URL. Scheme, host and port only: the
   * serpapi package always asks for `/search`.
   */
  readonly baseURL?: string;
  /** Default 10 s; the run's AbortSignal can end a search sooner. */
  readonly timeoutMs?: number;
  /** Longest observation, in characters; default 1,000. */
  readonly maxLength?: number;
  /** SerpApi engine; default "google". */
  readonly engine?: string;
  /** Interface language, e.g. "en". */
  readonly hl?: string;
  /** Country, e.g. "us". */
  readonly gl?: string;
  /** Where SERPAPI_API_KEY and SERPAPI_BASE_URL are read; default process.env. */
  readonly env?: Env;
}

export interface SearchSettings {
  readonly apiKey: string;
  readonly baseURL: URL | undefined;
  readonly timeoutMs: number;
  readonly maxLength: number;
  readonly parameters: Readonly<Record<string, string | undefined>>;
}

// What is missing and what to set; whether search is then left out or the command stops is
// the host's to say (a tool the user named, or only one of the defaults).
const NO_KEY_NOTICE =
  "SERPAPI_API_KEY is not set: set it in the environment or .env to use web search";

/** Why search cannot be offered, or undefined when it can. */
export function searchUnavailable(env: Env = process.env): string | undefined {
  return env.SERPAPI_API_KEY?.trim() ? undefined : NO_KEY_NOTICE;
}

/** Options over the environment, checked once so that a mistake is one clear line. */
export function resolveSearchSettings(options: SearchOptions): SearchSettings {
  const env = options.env ?? process.env;
  const apiKey = (options.apiKey ?? env.SERPAPI_API_KEY ?? "").trim();
  if (!apiKey) throw invalid(NO_KEY_NOTICE);
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw invalid(
      `The search timeoutMs must be a positive number of milliseconds, not ${timeoutMs}`,
    );
  }
  const maxLength = options.maxLength ?? 1_000;
  if (!(Number.isInteger(maxLength) && maxLength >= 20)) {
    throw invalid(
      `The search maxLength must be a whole number of characters from 20, not ${maxLength}`,
    );
  }
  const engine = options.engine?.trim() || "google";
  return {
    apiKey,
    baseURL: parseBaseURL(options.baseURL, env.SERPAPI_BASE_URL),
    timeoutMs,
    maxLength,
    parameters: {
      engine,
      hl: options.hl?.trim() || undefined,
      gl: options.gl?.trim() || undefined,
    },
  };
}

function parseBaseURL(option: string | undefined, fromEnv: string | undefined) {
  const name = option === undefined ? "SERPAPI_BASE_URL" : "The search baseURL";
  const value = (option ?? fromEnv ?? "").trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(
      `${name} is not a URL ('${value}'): give one like http://127.0.0.1:8080, or unset it`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid(`${name} must start with http:// or https:// ('${value}')`);
  }
  // The package's path is fixed (/search), so a path here would be silently ignored.
  if (url.pathname !== "/" || url.search || url.hash) {
    throw invalid(
      `${name} cannot have a path or query ('${value}'): give only the scheme, host and port, such as ${url.origin}`,
    );
  }
  return url;
}

function invalid(message: string) {
  return new LangchainMiniError("config_invalid", message);
}
