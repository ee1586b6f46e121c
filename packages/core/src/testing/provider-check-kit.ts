import assert from "node:assert/strict";
import { isLangchainMiniError, type LangchainMiniError } from "../contracts/errors.js";
import type { Llm } from "../contracts/llm.js";
import type {
  ContractReply,
  ContractServer,
  ContractSettings,
  ProviderContractOptions,
} from "./provider-contract-options.js";

/** The prompt of every check: a ReAct prompt's end, which an in-process script model knows. */
export const PROMPT = "Question: What is the answer?\nThought:";

/** Runs `work` against a new backend with these replies, then closes both. */
export async function withProvider(
  options: ProviderContractOptions,
  replies: readonly ContractReply[],
  work: (llm: Llm, server: ContractServer) => Promise<void>,
  settings: ContractSettings = {},
) {
  const server = await options.server.start(replies);
  let llm: Llm | undefined;
  try {
    llm = await options.createLlm(server.url, settings);
    await work(llm, server);
  } finally {
    await (llm as { dispose?: () => unknown } | undefined)?.dispose?.();
    await server.close();
  }
}

/** What `promise` failed with, which must be one of our errors. */
export async function failureOf(promise: Promise<unknown>): Promise<LangchainMiniError> {
  const outcome = await promise.then(
    () => ({ failed: false as const }),
    (error: unknown) => ({ failed: true as const, error }),
  );
  assert.ok(outcome.failed, "expected the call to fail");
  const { error } = outcome;
  assert.ok(isLangchainMiniError(error), `expected a LangchainMiniError, got: ${String(error)}`);
  return error;
}

/**
 * Asserts a failure as the user reads it: the code, one line that names no key, and the
 * exact line when the provider gave one.
 */
export function assertExplained(
  failure: LangchainMiniError,
  code: string,
  options: ProviderContractOptions,
  exact: string | undefined,
) {
  const { name } = options;
  assert.deepEqual(
    { code: failure.code, message: failure.message },
    {
      code,
      message: exact ?? failure.message,
    },
    `${name}: ${failure.message}`,
  );
  assert.ok(!/[\r\n]/.test(failure.message), `${name}: one line: ${failure.message}`);
  const key = options.http?.key?.value;
  if (key)
    assert.ok(!failure.message.includes(key), `${name}: the key shows in ${failure.message}`);
}

/** Waits for what a server sees (a closed connection, a request); fails after 30 s. */
export async function until(condition: () => boolean, what: string) {
  for (let tries = 0; tries < 3_000 && !condition(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.ok(condition(), `waited 30 s for ${what}`);
}

/**
 * For an HTTP provider: waits until the server has seen the client close request
 * `index` early, with less than half of `pieces` sent.
 */
export async function assertClosedEarly(
  options: ProviderContractOptions,
  server: ContractServer,
  pieces: number,
  index = 0,
) {
  if (!options.http) return;
  await until(() => server.requests[index]?.closedEarly === true, "the client to close early");
  const sent = server.requests[index]?.piecesSent ?? 0;
  assert.ok(sent < pieces / 2, `${options.name}: ${sent} of ${pieces} pieces were sent first`);
}

/** How many pieces a reply of `text` is streamed in. */
export function piecesIn(text: string, size: number) {
  return Math.ceil(text.length / size);
}
