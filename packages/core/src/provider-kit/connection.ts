import { LangchainMiniError } from "../contracts/errors.js";
import { checkApiKey } from "./api-key.js";
import { describeURL, type Endpoint, parseBaseURL } from "./endpoint.js";

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
