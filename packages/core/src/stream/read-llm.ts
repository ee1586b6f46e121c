import { LangchainMiniError } from "../contracts/errors.js";
import type { Llm, LlmChunk, LlmRequest, LlmResponse } from "../contracts/llm.js";
import { providerFailure } from "./chunk-check.js";
import { CollectedReply } from "./collected-reply.js";
import { ReplyRules } from "./reply-rules.js";
import { UntilAborted } from "./until-aborted.js";

/**
 * The one place a provider's stream is read, under the rules of `ReplyRules`: text cut at
 * the first stop sequence (for providers and models that ignore `stop`) with the
 * provider's stream closed right there, so nothing past the stop is generated or paid
 * for; a runaway reply cut with reason "length"; a stream that ends without its finish
 * chunk broken; exactly one `finish` last. An abort is an `aborted` error at once, even
 * when the provider ignores its signal.
 */
export async function* readLlm(llm: Llm, request: LlmRequest): AsyncGenerator<LlmChunk> {
  const reply = new ReplyRules(llm, request);
  const source = open(llm, request);
  try {
    for (;;) {
      const chunk = await nextChunk(llm, source, reply);
      if (chunk === END) break;
      if (chunk) yield chunk;
      if (reply.ended) break;
    }
  } finally {
    await source.stop();
  }
  yield* reply.close();
}

/**
 * `readLlm` for a reader that takes every chunk as it comes (the agent's own calls,
 * `generate`): the same rules and the same chunks, handed to `onChunk` without the
 * generators between the provider and the reader, which cost promises per piece of text.
 * `onChunk` is this package's own and throws only Errors, which pass through as they are.
 */
export async function readLlmInto(
  llm: Llm,
  request: LlmRequest,
  onChunk: (chunk: LlmChunk) => void,
): Promise<void> {
  const reply = new ReplyRules(llm, request);
  const source = open(llm, request);
  try {
    await source.drain((item) => {
      const chunk = reply.accept(item);
      if (chunk) onChunk(chunk);
      return reply.ended;
    });
  } catch (error) {
    throw providerFailure(llm, error);
  } finally {
    await source.stop();
  }
  for (const chunk of reply.close()) onChunk(chunk);
}

const END = Symbol("end");

/** The provider's stream, or its failure in the words a run reports. */
function open(llm: Llm, request: LlmRequest): UntilAborted<unknown> {
  try {
    return new UntilAborted(streamOf(llm, request), request.signal);
  } catch (error) {
    throw providerFailure(llm, error);
  }
}

/** The next chunk to pass on (none for one that passes nothing on), or END. */
async function nextChunk(
  llm: Llm,
  source: UntilAborted<unknown>,
  reply: ReplyRules,
): Promise<LlmChunk | undefined | typeof END> {
  try {
    const result = await source.next();
    return result.done ? END : reply.accept(result.value);
  } catch (error) {
    throw providerFailure(llm, error);
  }
}

/** The provider's stream, or one line saying that `stream` gave back something else. */
function streamOf(llm: Llm, request: LlmRequest): AsyncIterable<unknown> {
  const stream: unknown = llm.stream(request);
  // `for await` takes a plain iterable too.
  const iterable =
    typeof stream === "object" &&
    stream !== null &&
    (typeof (stream as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function" ||
      typeof (stream as Iterable<unknown>)[Symbol.iterator] === "function");
  if (iterable) return stream as AsyncIterable<unknown>;
  throw new LangchainMiniError(
    "config_invalid",
    `The LLM provider '${llm.provider}' broke the plug-in contract: its stream() gave back ${stream === null ? "null" : `a ${typeof stream}`}, not an async iterable of chunks: fix the provider or choose another with --llm`,
  );
}

/** The one collector: a stream's text, tool calls, finish reason and usage. */
export async function collect(
  chunks: AsyncIterable<LlmChunk>,
  onText?: (text: string) => void,
): Promise<LlmResponse> {
  const reply = new CollectedReply();
  for await (const chunk of chunks) {
    reply.add(chunk);
    if (chunk.type === "text") onText?.(chunk.text);
  }
  return reply.response();
}

/** The non-streaming call: the collected stream. */
export async function generate(llm: Llm, request: LlmRequest): Promise<LlmResponse> {
  const reply = new CollectedReply();
  await readLlmInto(llm, request, (chunk) => reply.add(chunk));
  return reply.response();
}
