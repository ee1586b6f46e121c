import type { ErrorCode, FinishReason, LlmChunk } from "@langchain-mini/core";
import { abortError, isLangchainMiniError, LangchainMiniError } from "@langchain-mini/core";

/** What every line of Ollama's streamed replies may carry; the last has `done: true`. */
export interface OllamaLine {
  readonly done?: boolean;
  readonly done_reason?: string;
  readonly prompt_eval_count?: number;
  readonly eval_count?: number;
  readonly error?: string;
}

/**
 * POSTs `body` to Ollama and yields its reply, one JSON object per line (NDJSON), up to
 * the `done` line. Every failure is a LangchainMiniError whose message says what to do.
 */
export async function* postForLines<Line extends OllamaLine>(
  url: string,
  body: { readonly model: string } & Record<string, unknown>,
  signal: AbortSignal | undefined,
): AsyncGenerator<Line> {
  const init = { method: "POST", body: JSON.stringify({ ...body, stream: true }), signal };
  const response = await fetch(url, init).catch(() => {
    throw signal?.aborted ? abortError() : fail("llm_connection", `Cannot reach ${url}: ${START}`);
  });
  if (response.status === 404) {
    const model = body.model;
    throw fail("llm_not_found", `Ollama has no model '${model}': run ollama pull ${model}`);
  }
  if (response.status === 429) {
    throw fail("llm_rate_limited", "Ollama is busy (429): wait a moment and try again");
  }
  if (!response.ok || !response.body) {
    const text = (await response.text()).slice(0, 200);
    throw fail("llm_server", `Ollama answered ${response.status}: ${text}`);
  }
  for await (const line of readLines<Line>(response.body, signal)) {
    if (line.error) throw fail("llm_server", `Ollama failed: ${line.error}`);
    yield line;
    if (line.done) return;
  }
  throw fail("llm_stream_broken", ENDED_EARLY);
}

/** The last chunk of every call: why it ended and the token counts Ollama reports. */
export function finish(line: OllamaLine, calledTools: boolean): LlmChunk {
  let reason: FinishReason = line.done_reason === "length" ? "length" : "stop";
  if (calledTools) reason = "tool-calls";
  const usage = { inputTokens: line.prompt_eval_count ?? 0, outputTokens: line.eval_count ?? 0 };
  return { type: "finish", reason, usage };
}

/** A line may arrive cut in two network chunks. */
async function* readLines<Line>(body: ReadableStream<Uint8Array>, signal?: AbortSignal) {
  let buffered = "";
  try {
    for await (const text of body.pipeThrough(new TextDecoderStream())) {
      const lines = (buffered + text).split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) yield parse<Line>(line);
    }
  } catch (error) {
    if (signal?.aborted) throw abortError();
    // A connection that broke mid-reply; our own errors (a line that is not JSON) pass.
    throw isLangchainMiniError(error) ? error : fail("llm_stream_broken", ENDED_EARLY);
  }
}

function parse<Line>(line: string) {
  try {
    return JSON.parse(line) as Line;
  } catch {
    const start = line.slice(0, 80);
    throw fail(
      "llm_bad_response",
      `The server is not Ollama: it sent '${start}': check OLLAMA_HOST`,
    );
  }
}

const START = "start it with 'ollama serve' or set OLLAMA_HOST";
const ENDED_EARLY = "Ollama's stream ended early: try again";
const fail = (code: ErrorCode, message: string) => new LangchainMiniError(code, message);
