import type { CreateLlmOptions, ErrorCode, Llm, LlmChunk, LlmRequest } from "@langchain-mini/core";
import { abortError, LangchainMiniError } from "@langchain-mini/core";

/** The plug-in entry point: `--llm langchain-mini-llm-ollama:llama3.2`. OLLAMA_HOST as for `ollama`. */
export function createLlm({ model, env }: CreateLlmOptions): Llm {
  if (!model)
    throw fail("config_invalid", "Name a model: --llm langchain-mini-llm-ollama:llama3.2");
  const host = env.OLLAMA_HOST || "127.0.0.1:11434";
  const url = `${host.includes("://") ? host : `http://${host}`}/api/generate`;
  return { provider: "ollama", model, stream: (request) => generate(url, model, request) };
}

/** One line of the NDJSON stream; the last has `done: true` and the token counts. */
type Line = Partial<Record<"response" | "done_reason" | "error", string>> &
  Partial<Record<"prompt_eval_count" | "eval_count", number> & { done: boolean }>;

/** Ollama's native completion API, streamed. It takes a prompt: the ReAct agent sends one. */
async function* generate(
  url: string,
  model: string,
  request: LlmRequest,
): AsyncGenerator<LlmChunk> {
  const { prompt, stop, maxTokens, temperature, signal } = request;
  if (prompt === undefined)
    throw fail("llm_bad_request", "/api/generate takes a prompt, not messages");
  const options = { stop, num_predict: maxTokens, temperature };
  const body = JSON.stringify({ model, prompt, stream: true, options });
  const response = await fetch(url, { method: "POST", body, signal }).catch(() => {
    throw signal?.aborted ? abortError() : fail("llm_connection", `Cannot reach ${url}: ${START}`);
  });
  if (response.status === 404) {
    throw fail("llm_not_found", `Ollama has no model '${model}': run ollama pull ${model}`);
  }
  if (!response.ok || !response.body) {
    throw fail("llm_server", `Ollama answered ${response.status}: ${await response.text()}`);
  }
  for await (const line of readLines(response.body, signal)) {
    if (line.error) throw fail("llm_server", `Ollama failed: ${line.error}`);
    if (line.response) yield { type: "text", text: line.response };
    if (!line.done) continue;
    const usage = { inputTokens: line.prompt_eval_count ?? 0, outputTokens: line.eval_count ?? 0 };
    const reason = line.done_reason === "length" ? "length" : "stop";
    return yield { type: "finish", reason, usage };
  }
  throw fail("llm_stream_broken", "Ollama's stream ended early: try again");
}

/** A line may arrive cut in two network chunks. */
async function* readLines(body: ReadableStream<Uint8Array>, signal: AbortSignal | undefined) {
  let buffered = "";
  try {
    for await (const text of body.pipeThrough(new TextDecoderStream())) {
      const lines = (buffered + text).split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) yield JSON.parse(line) as Line;
    }
  } catch (error) {
    throw signal?.aborted ? abortError() : error;
  }
}

const START = "start it with 'ollama serve' or set OLLAMA_HOST";
const fail = (code: ErrorCode, message: string) => new LangchainMiniError(code, message);
