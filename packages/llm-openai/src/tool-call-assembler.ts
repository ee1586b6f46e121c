import type { ToolCall } from "@langchain-mini/core";
import { readServerText } from "@langchain-mini/core/provider-kit";
import type OpenAI from "openai";

type ToolCallDelta = OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta.ToolCall;

/** Streamed tool calls arrive in pieces: the id and name first, then the arguments in fragments. */
export class ToolCallAssembler {
  readonly #calls = new Map<number, { id: string; name: string; arguments: string }>();

  add(deltas: readonly ToolCallDelta[]) {
    for (const delta of deltas) {
      const call = this.#calls.get(delta.index) ?? { id: "", name: "", arguments: "" };
      call.id ||= readServerText(delta.id, "tool_calls.id") ?? "";
      call.name += readServerText(delta.function?.name, "tool_calls.function.name") ?? "";
      call.arguments +=
        readServerText(delta.function?.arguments, "tool_calls.function.arguments") ?? "";
      this.#calls.set(delta.index, call);
    }
  }

  /** The calls in the order the model made them. */
  calls(): ToolCall[] {
    return [...this.#calls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([, call]) => ({ ...call }));
  }
}
