import { formatToday } from "@langchain-mini/prompts";
import { abortError } from "../contracts/errors.js";
import type { AgentResult } from "../contracts/events.js";
import type { ChatMessage, JsonSchema, ToolCall, ToolDefinition } from "../contracts/llm.js";
import type { Tool } from "../contracts/tool.js";
import { toolParameters } from "../tool-input/tool-schema.js";
import {
  AgentBase,
  type AgentLimits,
  type AgentRunOptions,
  DEFAULT_MAX_TOKENS,
} from "./agent-base.js";
import type { Emit } from "./agent-run.js";

export interface ToolCallingAgentOptions extends AgentLimits {
  /** Replaces the default system message; `{today}` is not filled in here. */
  readonly system?: string;
  readonly today?: string;
}

/** A tool without its own schema takes one string, as in the text ReAct format. */
const SINGLE_INPUT: JsonSchema = {
  type: "object",
  properties: { input: { type: "string", description: "the input to the tool" } },
  required: ["input"],
};

/**
 * The second agent mode: the model's native function calling instead of the text ReAct
 * format. It emits the same events (the model's text before its calls is the thought),
 * so every consumer works unchanged.
 */
export class ToolCallingAgent extends AgentBase<ToolCallingAgentOptions> {
  protected async loop(
    question: string,
    emit: Emit,
    options: AgentRunOptions,
  ): Promise<AgentResult> {
    const { maxTokens = DEFAULT_MAX_TOKENS, temperature } = this.options;
    const { state, maxSteps, act, call: callLlm } = this.begin(question, emit, options);
    const system =
      this.options.system ??
      `Today is ${this.options.today ?? formatToday()}. Answer the user's question as best you can. Call the tools when they help; when you know the answer, reply with it.`;
    const messages: ChatMessage[] = [
      { role: "system", content: system },
      { role: "user", content: question },
    ];
    // How many messages the last call sent: each call's messages extend the last's.
    let sent: number | undefined;
    try {
      const tools = this.tools.map(toDefinition);
      for (let step = 1; step <= maxSteps; step++) {
        if (state.signal.aborted) throw abortError();
        const request = {
          messages: [...messages],
          tools,
          signal: state.signal,
          maxTokens,
          temperature,
        };
        const newMessages = sent === undefined ? undefined : messages.length - sent;
        sent = messages.length;
        const call = await callLlm(request, { step, newMessages });
        const thought = call.completion.trim();
        if (call.toolCalls.length === 0) {
          if (thought) {
            emit({ type: "final-answer", step, answer: thought, thought: "" });
            return state.answered(thought);
          }
          const message = "The model replied with neither text nor a tool call";
          emit({ type: "parse-error", step, message, completion: call.completion });
          messages.push({
            role: "user",
            content: `${message}: answer the question or call a tool.`,
          });
          continue;
        }
        messages.push({ role: "assistant", content: call.completion, toolCalls: call.toolCalls });
        for (const toolCall of call.toolCalls) {
          const tool = this.tools.find(
            (candidate) => functionName(candidate.name) === toolCall.name,
          );
          const input = inputOf(toolCall, tool);
          const outcome = await act({ step, tool: tool?.name ?? toolCall.name, input, thought });
          if (outcome.directAnswer !== undefined) {
            emit({ type: "final-answer", step, answer: outcome.directAnswer, thought });
            return state.answered(outcome.directAnswer);
          }
          messages.push({ role: "tool", content: outcome.observation, toolCallId: toolCall.id });
        }
      }
      return state.stepLimit();
    } catch (error) {
      return state.fail(error);
    }
  }
}

/** Function names must match ^[a-zA-Z0-9_-]{1,64}$ for OpenAI; tool names need not. */
function functionName(name: string) {
  return name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "tool";
}

function toDefinition(tool: Tool<unknown>): ToolDefinition {
  return {
    name: functionName(tool.name),
    description: tool.description,
    parameters: toolParameters(tool) ?? SINGLE_INPUT,
  };
}

/** A typed tool gets the arguments' JSON (read and checked later); others the `input` string. */
function inputOf(call: ToolCall, tool: Tool<unknown> | undefined) {
  if (tool?.inputSchema) return call.arguments;
  try {
    const parsed: unknown = JSON.parse(call.arguments);
    if (typeof parsed === "string") return parsed;
    const input = (parsed as { input?: unknown } | null)?.input;
    if (typeof input === "string") return input;
  } catch {
    // Not JSON: some small models send the bare input.
  }
  return call.arguments;
}
