import { LangchainMiniError } from "../contracts/errors.js";
import type { Endpoint } from "./connection.js";

// The lines every HTTP provider says alike about a failed request, so that a user reads
// the same advice whichever provider failed. Each names the host, and a setting only
// when the user set it; none ever holds the key.

interface KeyedEndpoint extends Endpoint {
  /** Where the key came from; undefined: none was given. */
  readonly keyName: string | undefined;
}

/** What a provider's lines name: its settings, its `--llm` prefix and its API. */
export interface ProviderWords {
  /** e.g. OPENAI_API_KEY */
  readonly keyVariable: string;
  /** e.g. OPENAI_MODEL */
  readonly modelVariable: string;
  /** e.g. OPENAI_TIMEOUT_MS */
  readonly timeoutVariable: string;
  /** The `--llm` prefix, e.g. openai. */
  readonly llm: string;
  /** What a server without it lacks, e.g. "Messages API". */
  readonly api: string;
  /** What a base URL set should point at, e.g. "an OpenAI-compatible API". */
  readonly pointsAt: string;
  /** The refusals that mean the model cannot take tools. */
  readonly aboutTools: RegExp;
}

export interface FailureLines {
  /** A key the server refused (`status`: "401", or Gemini's "400 API_KEY_INVALID"). */
  keyRefused(endpoint: KeyedEndpoint, status: string): string;
  /** A 404 about the model itself. */
  modelNotFound(model: string, host: string): string;
  /** A 404 from a server with no such API at `path`, e.g. `host/v1/messages`. */
  noApi(endpoint: Endpoint, path: string, said: string): string;
  rateLimited(host: string, retried: string): string;
  serverFailed(host: string, status: number, retried: string, said: string): string;
  /** A request the server refused (`status`, e.g. "400"), with the model's own words. */
  refused(host: string, status: string, said: string): string;
  /**
   * A prompt longer than the model's context window, in the server's words (`said`):
   * code `llm_context_exceeded`, which runs answer by compacting their prompt.
   */
  contextExceeded(host: string, model: string, said: string, cause?: unknown): LangchainMiniError;
  /** A silent server; `first` is what to try before a longer wait, e.g. "check the server". */
  timedOut(endpoint: Endpoint & { readonly timeoutMs: number }, first: string): LangchainMiniError;
  /** The reply had started: whatever broke it (`said`, "" or ": why"), the partial text is no answer. */
  replyBroken(host: string, said: string, cause?: unknown): LangchainMiniError;
  /** A reply that is not the API's stream (`what`, e.g. "a reply that is not a Gemini API stream"). */
  badReply(endpoint: Endpoint, what: string, cause?: unknown): LangchainMiniError;
}

export function failureLines(words: ProviderWords): FailureLines {
  return {
    keyRefused({ host, keyName, baseURLName }, status) {
      if (!keyName) return `${host} wants an API key (${status}): set ${words.keyVariable}`;
      const where = baseURLName ? `, and that ${baseURLName} is the server it is for` : "";
      return `${keyName} was rejected by ${host} (${status}): check the key${where}`;
    },
    modelNotFound: (model, host) =>
      `Model '${model}' was not found at ${host} (404): check ${words.modelVariable} or --llm ${words.llm}:<model>`,
    noApi: ({ host, baseURLName }, path, said) =>
      baseURLName
        ? `${host} has no ${words.api} (404 for ${path}): check the path in ${baseURLName}`
        : `${host} has no ${words.api} (404${said ? `: ${said}` : ""}): try again later`,
    rateLimited: (host, retried) =>
      `Rate limited by ${host} (429)${retried}: wait a moment and try again, or check your plan's limits`,
    serverFailed: (host, status, retried, said) =>
      `${host} failed with ${status}${retried}${said ? ` (${said})` : ""}: try again later`,
    refused(host, status, said) {
      // Models without function calling say so when sent tools; the text ReAct agent needs none.
      const advice = words.aboutTools.test(said)
        ? ": use the text ReAct agent (--agent react) with this model"
        : "";
      return `${host} refused the request (${status}): ${said}${advice}`;
    },
    contextExceeded: (host, model, said, cause) =>
      new LangchainMiniError(
        "llm_context_exceeded",
        `${host} says the prompt is longer than ${model}'s context window${said ? ` (${said})` : ""}: lower --context-window (or its contextWindow in prices.json) so that runs compact sooner, or ask with a shorter history`,
        { cause },
      ),
    timedOut: ({ host, timeoutMs }, first) =>
      new LangchainMiniError(
        "llm_timeout",
        `${host} sent nothing for ${timeoutMs / 1000} s: ${first}, or raise ${words.timeoutVariable}`,
      ),
    replyBroken: (host, said, cause) =>
      new LangchainMiniError(
        "llm_stream_broken",
        `The reply from ${host} ended before it was complete${said}: try again (the partial reply was discarded)`,
        { cause },
      ),
    badReply({ host, baseURLName }, what, cause) {
      const advice = baseURLName
        ? `check that ${baseURLName} points at ${words.pointsAt}`
        : "try again later";
      return new LangchainMiniError("llm_bad_response", `${host} sent ${what}: ${advice}`, {
        cause,
      });
    },
  };
}
