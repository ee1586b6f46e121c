import type { EnvVariable } from "../contracts/plugins.js";
import {
  type Connection,
  type ConnectionSetup,
  firstSetting,
  resolveConnection,
} from "./connection.js";
import { checkMilliseconds, LONGEST_FETCH_WAIT_MS, readMilliseconds } from "./milliseconds.js";

type Candidates = readonly (readonly [name: string, value: string | undefined])[];
type Env = Readonly<Record<string, string | undefined>>;

/** What every HTTP provider takes in code; each falls back to its variable, then a default. */
export interface ProviderOptions extends RequestLimitOptions {
  readonly apiKey?: string;
  readonly baseURL?: string;
  readonly model?: string;
  /** Where the variables come from; default process.env. */
  readonly env?: Env;
}

export interface ProviderSetup extends Omit<ConnectionSetup, "key" | "base"> {
  /** The variables' prefix: OPENAI reads OPENAI_API_KEY, _BASE_URL, _MODEL and _TIMEOUT_MS. */
  readonly prefix: string;
  readonly defaultModel: string;
  readonly defaultTimeoutMs: number;
  /** The longest timeout the transport keeps; default Node's fetch's five minutes. */
  readonly longestTimeoutMs?: number;
  /** Where a key may come from, first wins; default the option, then PREFIX_API_KEY. */
  readonly keys?: Candidates;
  /** Where a base URL may come from, first wins; default the option, then PREFIX_BASE_URL. */
  readonly bases?: Candidates;
}

export interface ProviderSettings extends Connection, RequestLimits {
  readonly model: string;
}

/**
 * The settings every HTTP provider reads alike, by one convention: options in code win
 * over the environment; a key is required for the provider's own API only.
 */
export function providerSettings(options: ProviderOptions, setup: ProviderSetup): ProviderSettings {
  const env = options.env ?? process.env;
  const { prefix } = setup;
  const connection = resolveConnection({
    ...setup,
    key: firstSetting(
      setup.keys ?? [
        ["The API key", options.apiKey],
        [`${prefix}_API_KEY`, env[`${prefix}_API_KEY`]],
      ],
    ),
    base: firstSetting(
      setup.bases ?? [
        ["the baseURL option", options.baseURL],
        [`${prefix}_BASE_URL`, env[`${prefix}_BASE_URL`]],
      ],
    ),
  });
  return {
    ...connection,
    model: options.model || env[`${prefix}_MODEL`]?.trim() || setup.defaultModel,
    ...requestLimits(
      options,
      `${prefix}_TIMEOUT_MS`,
      env,
      setup.defaultTimeoutMs,
      setup.longestTimeoutMs ?? LONGEST_FETCH_WAIT_MS,
    ),
  };
}

/** The entries a provider's `environment` lists after its key and base URL. */
export function modelAndTimeoutVariables(prefix: string, defaultModel: string): EnvVariable[] {
  return [
    { name: `${prefix}_MODEL`, description: `the model (default ${defaultModel})` },
    { name: `${prefix}_TIMEOUT_MS`, description: "give up on a server silent this long" },
  ];
}

/** How long a provider waits on a silent server, and how it retries: options in code. */
export interface RequestLimitOptions {
  /** Give up on a server that sends nothing for this long. */
  readonly timeoutMs?: number;
  /** Retries for 429, 5xx and dropped connections; default 2. */
  readonly maxRetries?: number;
  /** The first retry's wait when the server names none (then doubling, up to 8 s); default 500 ms. */
  readonly retryDelayMs?: number;
}

export interface RequestLimits {
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly retryDelayMs: number;
}

/**
 * The limits every HTTP provider takes alike: the option in code, else the timeout
 * variable (e.g. OPENAI_TIMEOUT_MS), else the provider's default; each checked in one line.
 */
export function requestLimits(
  options: RequestLimitOptions,
  timeoutVariable: string,
  env: Readonly<Record<string, string | undefined>>,
  defaultTimeoutMs: number,
  longestTimeoutMs?: number,
): RequestLimits {
  return {
    timeoutMs:
      options.timeoutMs === undefined
        ? readMilliseconds(
            timeoutVariable,
            env[timeoutVariable],
            defaultTimeoutMs,
            longestTimeoutMs,
          )
        : checkMilliseconds("timeoutMs", options.timeoutMs, longestTimeoutMs),
    maxRetries: options.maxRetries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 500,
  };
}
