import { formatToday } from "@langchain-mini/prompts";
import { abortError } from "../contracts/errors.js";
import type { AgentResult } from "../contracts/events.js";
import type { JsonSchema, ToolCall, ToolDefinition } from "../contracts/llm.js";
import type { Tool } from "../contracts/tool.js";
import { toolParameters } from "../tool-input/tool-schema.js";
import { AgentBase, type AgentLimits, type AgentRunOptions } from "./agent-base.js";
import type { Emit } from "./agent-run.js";
import { READ_RESULT } from "./context/bounded-result.js";
import { ChatTranscript } from "./context/chat-transcript.js";

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
    const { temperature } = this.options;
    const begun = this.begin(question, emit, options, readHint);
    const { state, maxSteps, act, readResult } = begun;
    const system =
      this.options.system ??
      `Today is ${this.options.today ?? formatToday()}. Answer the user's question as best you can. Call the tools when they help; when you know the answer, reply with it.`;
    const known = [...this.tools, readResult];
    try {
      const tools = this.tools.map(toDefinition);
      const transcript = new ChatTranscript(
        [
          { role: "system", content: system },
          { role: "user", content: question },
        ],
        tools,
        toDefinition(readResult),
        begun.transcript,
      );
      for (let step = 1; step <= maxSteps; step++) {
        if (state.signal.aborted) throw abortError();
        const call = await begun.keeper.call(step, transcript, () => ({
          request: {
            messages: [...transcript.messages],
            tools: transcript.tools(tools),
            signal: state.signal,
            maxTokens: begun.transcript.budget.maxTokens,
            temperature,
          },
          options: { step, newMessages: transcript.newMessages },
        }));
        const thought = call.completion.trim();
        if (call.toolCalls.length === 0) {
          if (thought) {
            emit({ type: "final-answer", step, answer: thought, thought: "" });
            return state.answered(thought);
          }
          const message = "The model replied with neither text nor a tool call";
          emit({ type: "parse-error", step, message, completion: call.completion });
          transcript.addNote(step, `${message}: answer the question or call a tool.`);
          continue;
        }
        const observations: string[] = [];
        for (const toolCall of call.toolCalls) {
          // A user's tool of the same name wins over the loop's.
          const tool = known.find((candidate) => functionName(candidate.name) === toolCall.name);
          const input = inputOf(toolCall, tool);
          const outcome = await act({ step, tool: tool?.name ?? toolCall.name, input, thought });
          if (outcome.directAnswer !== undefined) {
            emit({ type: "final-answer", step, answer: outcome.directAnswer, thought });
            return state.answered(outcome.directAnswer);
          }
          observations.push(outcome.observation);
        }
        transcript.add(
          step,
          { role: "assistant", content: call.completion, toolCalls: call.toolCalls },
          observations,
        );
      }
      return state.stepLimit();
    } catch (error) {
      return state.fail(error);
    }
  }
}

/** How a function-calling model reads a stored result: the call to make. */
const readHint = (id: string, offset: number) =>
  `call ${READ_RESULT} with {"result": "${id}", "offset": ${offset}}`;

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
