import { appendStep, FORCE_FINAL_ANSWER_SUFFIX, renderReactPrompt } from "@langchain-mini/prompts";
import { type AgentRun, type Emit, startRun } from "./agent-run.js";
import { callLlm } from "./call-llm.js";
import { LangchainMiniError } from "./errors.js";
import type { AgentEvent, AgentResult } from "./events.js";
import type { Llm } from "./llm.js";
import { LoopGuard, repeatedActionObservation } from "./loop-guard.js";
import { parseReAct } from "./parser.js";
import { type RunLimits, RunState } from "./run-state.js";
import { runTool } from "./run-tool.js";
import { Runnable, type RunOptions } from "./runnable.js";
import { findTool, type Tool } from "./tool.js";

export interface AgentOptions {
  readonly llm: Llm;
  readonly tools?: readonly Tool[];
  /** LLM calls before the run stops; default 15. */
  readonly maxSteps?: number;
  /** Wall-clock limit for the whole run; none by default. */
  readonly maxTimeMs?: number;
  /** At the step limit: stop ("force", default) or ask once more for a final answer ("generate"). */
  readonly earlyStopping?: "force" | "generate";
  /** Feed format errors back to the model as observations (default), or fail the run. */
  readonly handleParseErrors?: boolean | ((message: string) => string);
  /** Per tool call, unless the tool sets its own; default 60 s. */
  readonly toolTimeoutMs?: number;
  /** A ReAct template with {tools}, {tool_names}, {question} and {today}. */
  readonly template?: string;
  readonly today?: string;
  readonly maxTokens?: number;
  readonly temperature?: number;
}

/** The stop sequence that keeps a model from inventing its own observations. */
export const REACT_STOP = ["\nObservation:"];

/**
 * The AgentExecutor of seed 002: Thought, Action, Action Input, Observation, … Final
 * Answer. `run` gives events and a result; as a Runnable, `invoke` gives the result and
 * `stream` the events.
 */
export class Agent extends Runnable<string, AgentResult, AgentEvent> {
  readonly options: AgentOptions;
  readonly tools: readonly Tool[];

  constructor(options: AgentOptions) {
    super();
    this.options = options;
    this.tools = options.tools ?? [];
  }

  run(question: string, options: RunOptions = {}): AgentRun {
    return startRun((emit) => this.#loop(question, emit, options.signal));
  }

  invoke(question: string, options?: RunOptions) {
    return this.run(question, options).result;
  }

  override async *stream(question: string, options?: RunOptions): AsyncGenerator<AgentEvent> {
    yield* this.run(question, options);
  }

  async #loop(question: string, emit: Emit, signal?: AbortSignal): Promise<AgentResult> {
    const { llm } = this.options;
    const limits: RunLimits = {
      maxSteps: this.options.maxSteps ?? 15,
      maxTimeMs: this.options.maxTimeMs,
    };
    const state = new RunState(question, limits, emit, signal);
    emit({
      type: "run-start",
      runId: crypto.randomUUID(),
      question,
      tools: this.tools.map((tool) => tool.name),
      maxSteps: limits.maxSteps,
      provider: llm.provider,
      model: llm.model,
    });
    const guard = new LoopGuard();
    let prompt = renderReactPrompt({
      question,
      tools: this.tools,
      template: this.options.template,
      today: this.options.today,
    });
    try {
      for (let step = 1; ; step++) {
        if (state.signal.aborted) throw new LangchainMiniError("aborted", "The run was cancelled");
        if (step > limits.maxSteps) {
          if (this.options.earlyStopping !== "generate") return state.stepLimit();
          return await this.#forceAnswer(prompt, step, state, emit);
        }
        const call = await callLlm(llm, this.#request(prompt, state.signal), step, emit);
        state.addUsage(call.usage);
        const parsed = parseReAct(call.completion);

        if (parsed.type === "final-answer") {
          emit({ type: "final-answer", step, answer: parsed.answer, thought: parsed.thought });
          return state.answered(parsed.answer);
        }
        let observation: string;
        if (parsed.type === "error") {
          emit({ type: "parse-error", step, message: parsed.message, completion: call.completion });
          observation = this.#parseErrorObservation(parsed.message);
        } else {
          emit({
            type: "action",
            step,
            tool: parsed.tool,
            input: parsed.input,
            thought: parsed.thought,
          });
          const verdict = guard.check(parsed.tool, parsed.input);
          if (verdict === "stop") {
            throw new LangchainMiniError(
              "loop_detected",
              `Agent stopped: it ran ${parsed.tool} with the same input four times in a row. Rephrase the question or try another model`,
            );
          }
          const tool = findTool(this.tools, parsed.tool);
          if (verdict === "warn")
            observation = repeatedActionObservation(parsed.tool, parsed.input);
          else if (!tool) observation = this.#unknownToolObservation(parsed.tool);
          else {
            emit({ type: "tool-start", step, tool: tool.name, input: parsed.input });
            const started = performance.now();
            const outcome = await runTool(tool, parsed.input, {
              signal: state.signal,
              timeoutMs: this.options.toolTimeoutMs ?? 60_000,
            });
            emit({
              type: "tool-end",
              step,
              tool: tool.name,
              output: outcome.observation,
              durationMs: performance.now() - started,
              ...(outcome.error ? { error: outcome.error } : {}),
            });
            observation = outcome.observation;
            if (tool.returnDirect && !outcome.error) {
              emit({ type: "observation", step, text: observation });
              state.steps.push({
                tool: tool.name,
                input: parsed.input,
                thought: parsed.thought,
                observation,
              });
              emit({ type: "final-answer", step, answer: observation, thought: parsed.thought });
              return state.answered(observation);
            }
          }
          state.steps.push({
            tool: tool?.name ?? parsed.tool,
            input: parsed.input,
            thought: parsed.thought,
            observation,
          });
        }
        emit({ type: "observation", step, text: observation });
        prompt = appendStep(prompt, call.completion, observation);
      }
    } catch (error) {
      return state.fail(error);
    }
  }

  /** `earlyStopping: "generate"`: one last call that must give the final answer. */
  async #forceAnswer(prompt: string, step: number, state: RunState, emit: Emit) {
    emit({
      type: "warning",
      message: `Reached the limit of ${step - 1} steps; asking the model for a final answer from the steps so far`,
    });
    const call = await callLlm(
      this.options.llm,
      this.#request(prompt + FORCE_FINAL_ANSWER_SUFFIX, state.signal),
      step,
      emit,
    );
    state.addUsage(call.usage);
    const parsed = parseReAct(`Final Answer: ${call.completion}`);
    if (parsed.type !== "final-answer") return state.stepLimit();
    emit({ type: "final-answer", step, answer: parsed.answer, thought: "" });
    return state.answered(parsed.answer);
  }

  #request(prompt: string, signal: AbortSignal) {
    const { maxTokens, temperature } = this.options;
    return { prompt, stop: REACT_STOP, signal, maxTokens, temperature };
  }

  #parseErrorObservation(message: string) {
    const handle = this.options.handleParseErrors ?? true;
    if (handle === false)
      throw new LangchainMiniError(
        "llm_bad_response",
        `The model's reply did not follow the ReAct format (${message})`,
      );
    if (typeof handle === "function") return handle(message);
    return `${message}. Reply with 'Action:' naming one of [${this.#toolNames()}] and 'Action Input:' on the next line, or with 'Final Answer:'.`;
  }

  #unknownToolObservation(name: string) {
    return `${name} is not a valid tool, try one of [${this.#toolNames()}].`;
  }

  #toolNames() {
    return this.tools.map((tool) => tool.name).join(", ");
  }
}
