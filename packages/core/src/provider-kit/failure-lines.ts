import { LangchainMiniError } from "../contracts/errors.js";
import type { Endpoint } from "./endpoint.js";

// The lines every HTTP provider says alike about a failed request, so that a user reads
// the same advice whichever provider failed. Each names the host, and a setting only
// when the user set it; none ever holds the key.

interface KeyedEndpoint extends Endpoint {
  /** Where the key came from; undefined: none was given. */
  readonly keyName: string | undefined;
}

/** A key the server refused (`status`: "401", or Gemini's "400 API_KEY_INVALID"). */
export function keyRefusedLine(endpoint: KeyedEndpoint, status: string, keyVariable: string) {
  const { host, keyName, baseURLName } = endpoint;
  if (!keyName) return `${host} wants an API key (${status}): set ${keyVariable}`;
  const where = baseURLName ? `, and that ${baseURLName} is the server it is for` : "";
  return `${keyName} was rejected by ${host} (${status}): check the key${where}`;
}

/** A 404 about the model itself. */
export function modelNotFoundLine(model: string, host: string, variable: string, llm: string) {
  return `Model '${model}' was not found at ${host} (404): check ${variable} or --llm ${llm}:<model>`;
}

/** A 404 from a server with no such API at the path asked (`path`, e.g. `host/v1/messages`). */
export function noApiLine(endpoint: Endpoint, api: string, path: string, said: string) {
  const { host, baseURLName } = endpoint;
  return baseURLName
    ? `${host} has no ${api} (404 for ${path}): check the path in ${baseURLName}`
    : `${host} has no ${api} (404${said ? `: ${said}` : ""}): try again later`;
}

export function rateLimitedLine(host: string, retried: string) {
  return `Rate limited by ${host} (429)${retried}: wait a moment and try again, or check your plan's limits`;
}

export function serverFailedLine(host: string, status: number, retried: string, said: string) {
  return `${host} failed with ${status}${retried}${said ? ` (${said})` : ""}: try again later`;
}

/** What to add to a refused request whose reason (`said`) matches `aboutTools`. */
export function toolsAdvice(said: string, aboutTools: RegExp) {
  // Models without function calling say so when sent tools; the text ReAct agent needs none.
  return aboutTools.test(said) ? ": use the text ReAct agent (--agent react) with this model" : "";
}

/** The reply had started: whatever broke it (`said`, "" or ": why"), the partial text is no answer. */
export function replyBrokenError(host: string, said: string, cause?: unknown) {
  return new LangchainMiniError(
    "llm_stream_broken",
    `The reply from ${host} ended before it was complete${said}: try again (the partial reply was discarded)`,
    { cause },
  );
}

/**
 * A reply that is not the API's stream (`what`, e.g. "a reply that is not a Gemini API
 * stream"); `api` names what a set base URL should point at.
 */
export function badReplyError(endpoint: Endpoint, what: string, api: string, cause?: unknown) {
  const { host, baseURLName } = endpoint;
  const advice = baseURLName ? `check that ${baseURLName} points at ${api}` : "try again later";
  return new LangchainMiniError("llm_bad_response", `${host} sent ${what}: ${advice}`, { cause });
}
