import { LangchainMiniError } from "../contracts/errors.js";
import type { Availability } from "../contracts/plugins.js";

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

// What an HTTP header value may hold once its ends are trimmed: tab, printable ASCII and
// Latin-1 (obs-text). A line break or control character inside, or a character past
// U+00FF (a curly quote pasted with the key), makes the HTTP client refuse every request
// with an error that quotes the header, key and all.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * An API key setting such as OPENAI_API_KEY, checked before anything is sent, and
 * returned without the blanks around it (a `.env` written on Windows ends it with `\r`):
 * what is sent and what is blanked from output are then the same text. One that no
 * request can carry is one line naming the variable, never the key itself.
 */
export function checkApiKey(name: string, key: string): string {
  const trimmed = key.replace(HTTP_WHITESPACE, "");
  if (HEADER_VALUE.test(trimmed)) return trimmed;
  throw new LangchainMiniError(
    "config_invalid",
    `${name} holds a line break, a control character or a character such as a curly quote, which no request can carry: copy the key again (the key is not shown here)`,
  );
}

type Setting = { readonly name: string; readonly value: string };

/**
 * Whether a base URL setting moves requests off a provider's own API, to a server that
 * may need no key. A value that is no URL counts as set: making the LLM then says what is
 * wrong with it.
 */
export function awayFromHost(baseURL: string | undefined, ownHost: string): boolean {
  const value = baseURL?.trim();
  if (!value) return false;
  return URL.parse(value)?.host !== ownHost;
}

export interface ConnectionSetup {
  /** The key setting that won (`firstSetting`), if any. */
  readonly key: Setting | undefined;
  /** The base URL setting that won, if any. */
  readonly base: Setting | undefined;
  /** The provider's own API, e.g. `api.openai.com`: the only server a key is required for. */
  readonly ownHost: string;
  readonly defaultBaseURL: string;
  /** A base URL to show beside a bad one. */
  readonly example: string;
  /** The URL the SDK is given for the one set, e.g. with or without its version path. */
  readonly forSdk: (url: URL) => URL;
  /** The line when no key was given and requests go to the provider's own API. */
  readonly missingKey: string;
}

export interface Connection extends Endpoint {
  /** What is sent: a placeholder when no key was given (the SDKs insist on one). */
  readonly apiKey: string;
  /** Where the key came from, e.g. OPENAI_API_KEY or "The API key"; undefined: none was given. */
  readonly keyName: string | undefined;
  readonly baseURL: string;
}

/**
 * Where a provider's requests go and with which key, by the convention every provider
 * follows: a key is required for the provider's own API only; a base URL naming another
 * server (a local one, a proxy) is named in messages, without its credentials.
 */
export function resolveConnection(setup: ConnectionSetup): Connection {
  const { key, base, ownHost } = setup;
  const set = base ? parseBaseURL(base.name, base.value, setup.example) : undefined;
  const url = set && setup.forSdk(set);
  const ownApi = !set || set.host === ownHost;
  // Checked here: without a key some SDKs look for credential files and profiles.
  if (!key && ownApi) throw new LangchainMiniError("config_invalid", setup.missingKey);
  return {
    apiKey: key ? checkApiKey(key.name, key.value) : "not-needed",
    keyName: key?.name,
    baseURL: url?.href ?? setup.defaultBaseURL,
    baseURLName: ownApi ? undefined : base?.name,
    host: url && !ownApi ? describeURL(url) : ownHost,
  };
}

/**
 * The availability every HTTP provider has: a key, or a base URL naming a server other
 * than the provider's own (`away`), which may need none; else `missing` says what to set.
 */
export function keyOrOtherServer(
  key: string | undefined,
  away: boolean,
  missing: string,
): Availability {
  return key?.trim() || away ? { available: true } : { available: false, reason: missing };
}

/** What a factory does first: the line `availability` gave, as a config_invalid error. */
export function checkAvailable(verdict: Availability): void {
  if (!verdict.available) throw new LangchainMiniError("config_invalid", verdict.reason);
}
