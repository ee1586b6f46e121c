import type { LlmChunk, LlmRequest } from "@langchain-mini/core";
import { finish, type OllamaLine, postForLines } from "./ndjson.js";

interface GenerateLine extends OllamaLine {
  readonly response?: string;
}

/** A plain prompt (what the ReAct agent sends) through /api/generate, streamed. */
export async function* generate(
  url: string,
  model: string,
  request: LlmRequest,
): AsyncGenerator<LlmChunk> {
  const { prompt, stop, maxTokens, temperature, signal } = request;
  const options = { stop, num_predict: maxTokens, temperature };
  for await (const line of postForLines<GenerateLine>(url, { model, prompt, options }, signal)) {
    if (line.response) yield { type: "text", text: line.response };
    if (line.done) yield finish(line, false);
  }
}
