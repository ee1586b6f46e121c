import { LangchainMiniError } from "../contracts/errors.js";

/** Where a provider sends its requests, as its messages name it. */
export interface Endpoint {
  /** e.g. `api.openai.com`, or `http://127.0.0.1:8080/v1`: never credentials or a query. */
  readonly host: string;
  /**
   * The setting that chose a server other than the provider's own API, e.g.
   * `OPENAI_BASE_URL` or `the baseURL option`; undefined when none did. Messages name a
   * setting only when the user set it: advice to check OPENAI_BASE_URL misleads someone
   * who never set it.
   */
  readonly baseURLName: string | undefined;
}

/**
 * A base URL setting as a URL, or one line naming the setting. A URL of another scheme
 * is shown without its credentials.
 */
export function parseBaseURL(name: string, value: string, example: string): URL {
  const url = URL.parse(value);
  if (url && (url.protocol === "http:" || url.protocol === "https:")) return url;
  const shown = url?.host ? describeURL(url) : value;
  throw new LangchainMiniError(
    "config_invalid",
    `${name} is not an http(s) URL: '${shown}' (e.g. ${example})`,
  );
}

/** `http://127.0.0.1:8080/v1`: scheme, host and path, without credentials, query or a trailing slash. */
export function describeURL(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

/**
 * The first setting that holds something, in order of precedence: an option in code
 * first, then the environment's variables. Blank values count as unset.
 */
export function firstSetting(
  candidates: readonly (readonly [name: string, value: string | undefined])[],
): { readonly name: string; readonly value: string } | undefined {
  for (const [name, value] of candidates) {
    const trimmed = value?.trim();
    if (trimmed) return { name, value: trimmed };
  }
  return undefined;
}
