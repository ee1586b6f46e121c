import { abortError, LangchainMiniError } from "../contracts/errors.js";
import type {
  FinishReason,
  Llm,
  LlmChunk,
  LlmRequest,
  LlmResponse,
  TokenUsage,
  ToolCall,
} from "../contracts/llm.js";
import { estimateTokens } from "../cost/tokens.js";
import { StopSequenceCutter } from "../provider-kit/stop-sequences.js";
import { checkChunk, providerFailure } from "./chunk-check.js";
import { untilAborted } from "./until-aborted.js";

/**
 * A provider that ignores `maxTokens` is cut here, well past the limit by our rough
 * estimate (four characters a token; a real token can hold more): no reply is read
 * without end, and no honest one is cut short.
 */
const OVERRUN = 4;
const SLACK_TOKENS = 256;

/**
 * The one place a provider's stream is read. Text is cut at the first stop sequence (for
 * providers and models that ignore `stop`) and the provider's stream is closed right there,
 * so nothing past the stop is generated or paid for; an abort is an `aborted` error even
 * when the provider ends its stream quietly; a stream that ends without its finish chunk
 * is broken, never taken for a whole reply; one that runs far past `maxTokens` is cut
 * with reason "length". Exactly one `finish` comes last.
 */
export async function* readLlm(llm: Llm, request: LlmRequest): AsyncGenerator<LlmChunk> {
  const cutter = new StopSequenceCutter(request.stop);
  const limit =
    request.maxTokens === undefined ? Infinity : request.maxTokens * OVERRUN + SLACK_TOKENS;
  let tokens = 0;
  let finish: Extract<LlmChunk, { type: "finish" }> | undefined;
  try {
    // A provider that ignores its signal is not waited for: a stop ends the call at once.
    for await (const yielded of untilAborted(streamOf(llm, request), request.signal)) {
      const chunk = checkChunk(llm, yielded);
      if (chunk.type === "text") {
        const safe = cutter.push(chunk.text);
        if (safe) yield { type: "text", text: safe };
        if (cutter.stopped) {
          finish = { type: "finish", reason: "stop" };
          break;
        }
        tokens += estimateTokens(chunk.text);
        if (tokens > limit) {
          finish = { type: "finish", reason: "length" };
          break;
        }
      } else if (chunk.type === "finish") finish = chunk;
      else yield chunk;
    }
  } catch (error) {
    throw providerFailure(llm, error);
  }
  if (request.signal?.aborted) throw abortError();
  if (!finish) {
    throw new LangchainMiniError(
      "llm_stream_broken",
      `The ${llm.provider} stream ended before the reply was finished: try again`,
    );
  }
  const rest = cutter.flush();
  if (rest) yield { type: "text", text: rest };
  yield finish;
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
  let text = "";
  const toolCalls: ToolCall[] = [];
  let reason: FinishReason = "other";
  let usage: TokenUsage | undefined;
  for await (const chunk of chunks) {
    if (chunk.type === "text") {
      text += chunk.text;
      onText?.(chunk.text);
    } else if (chunk.type === "tool-call") toolCalls.push(chunk.call);
    else {
      reason = chunk.reason;
      usage = chunk.usage;
    }
  }
  return { text, toolCalls, reason, usage };
}

/** The non-streaming call: the collected stream. */
export function generate(llm: Llm, request: LlmRequest): Promise<LlmResponse> {
  return collect(readLlm(llm, request));
}
