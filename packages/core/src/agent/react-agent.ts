import {
  FORCE_FINAL_ANSWER_SUFFIX,
  MissingVariableError,
  renderReactPrompt,
  stepText,
} from "@langchain-mini/prompts";
import { abortError, isLangchainMiniError, LangchainMiniError } from "../contracts/errors.js";
import type { AgentResult } from "../contracts/events.js";
import { toolParameters } from "../tool-input/tool-schema.js";
import {
  AgentBase,
  type AgentLimits,
  type AgentRunOptions,
  DEFAULT_MAX_TOKENS,
  type LoopCall,
} from "./agent-base.js";
import type { Emit } from "./agent-run.js";
import type { RunBudget } from "./budget.js";
import type { LlmCallResult } from "./call-llm.js";
import { cutAtObservation, parseReAct } from "./parser.js";
import type { RunState } from "./run-state.js";
import { toolNames } from "./take-action.js";

export interface AgentOptions extends AgentLimits {
  /** At the step limit: stop ("force", default) or ask once more for a final answer ("generate"). */
  readonly earlyStopping?: "force" | "generate";
  /** Feed format errors back to the model as observations (default), or fail the run. */
  readonly handleParseErrors?: boolean | ((message: string) => string);
  /** A ReAct template with {tools}, {tool_names}, {question} and {today}. */
  readonly template?: string;
  readonly today?: string;
}

/**
 * The fewest output tokens a last call for a final answer is made with: below that, a
 * run at its budget stops rather than pay for an answer cut short.
 */
const FINAL_ANSWER_MIN_TOKENS = 256;

/** Where the loop stands when it asks for a final answer. */
interface LastCall {
  readonly prompt: string;
  readonly appended: string | undefined;
  readonly step: number;
  readonly state: RunState;
  readonly emit: Emit;
  readonly callLlm: LoopCall;
  readonly budget: RunBudget;
}

/** The stop sequence that keeps a model from inventing its own observations. */
export const REACT_STOP = ["\nObservation:"];

/**
 * The AgentExecutor of seed 002: Thought, Action, Action Input, Observation, … Final
 * Answer. `run` gives events and a result; as a Runnable, `invoke` gives the result and
 * `stream` the events.
 */
export class Agent extends AgentBase<AgentOptions> {
  protected async loop(
    question: string,
    emit: Emit,
    options: AgentRunOptions,
  ): Promise<AgentResult> {
    const { state, maxSteps, act, call: callLlm, budget } = this.begin(question, emit, options);
    try {
      let prompt = this.#firstPrompt(question);
      // What the prompt gained since the last call: each call's prompt extends the last.
      let appended: string | undefined;
      for (let step = 1; ; step++) {
        if (state.signal.aborted) throw abortError();
        const last = { prompt, appended, step, state, emit, callLlm, budget };
        if (step > maxSteps) {
          if (this.options.earlyStopping !== "generate") return state.stepLimit();
          return await this.#forceAnswer(last, () => state.stepLimit());
        }
        const request = this.#request(prompt, state.signal);
        let call: LlmCallResult;
        try {
          call = await callLlm(request, { step, appended });
        } catch (error) {
          if (!this.#answersAtBudget(error)) throw error;
          return await this.#forceAnswer(last, () => state.fail(error));
        }
        const parsed = parseReAct(call.completion);

        if (parsed.type === "final-answer") {
          emit({ type: "final-answer", step, answer: parsed.answer, thought: parsed.thought });
          return state.answered(parsed.answer);
        }
        let observation: string;
        if (parsed.type === "error") {
          emit({ type: "parse-error", step, message: parsed.message, completion: call.completion });
          observation = this.#parseErrorObservation(parsed.message);
          emit({ type: "observation", step, text: observation });
        } else {
          const outcome = await act({ step, ...parsed });
          if (outcome.directAnswer !== undefined) {
            emit({
              type: "final-answer",
              step,
              answer: outcome.directAnswer,
              thought: parsed.thought,
            });
            return state.answered(outcome.directAnswer);
          }
          observation = outcome.observation;
        }
        // Only what the parser read goes into the prompt: never an invented observation.
        appended = stepText(cutAtObservation(call.completion), observation);
        prompt += appended;
      }
    } catch (error) {
      return state.fail(error);
    }
  }

  /**
   * `earlyStopping: "generate"`: one last call that must give the final answer, at the
   * step limit or where the next step could pass the budget; its reply is held inside
   * what the budget leaves, or it is not made and `stop` ends the run.
   */
  async #forceAnswer(last: LastCall, stop: () => AgentResult) {
    const { step, state, emit, budget } = last;
    const request = this.#request(last.prompt + FORCE_FINAL_ANSWER_SUFFIX, state.signal);
    const callOptions = { step, appended: (last.appended ?? "") + FORCE_FINAL_ANSWER_SUFFIX };
    const room = budget.outputRoom(request, callOptions);
    const atBudget = room < request.maxTokens;
    if (atBudget && room < FINAL_ANSWER_MIN_TOKENS) return stop();
    emit({
      type: "warning",
      message: atBudget
        ? `The next step could pass the budget; asking the model for a final answer from the steps so far, in at most ${room.toLocaleString("en-US")} tokens`
        : `Reached the limit of ${step - 1} steps; asking the model for a final answer from the steps so far`,
    });
    const call = await last.callLlm({ ...request, maxTokens: room }, callOptions);
    const parsed = parseReAct(`Final Answer: ${call.completion}`);
    if (parsed.type !== "final-answer") return stop();
    emit({ type: "final-answer", step, answer: parsed.answer, thought: "" });
    return state.answered(parsed.answer);
  }

  /** A budget refusal that `earlyStopping: "generate"` answers with a last call. */
  #answersAtBudget(error: unknown) {
    return (
      this.options.earlyStopping === "generate" &&
      isLangchainMiniError(error) &&
      error.code === "budget_exceeded"
    );
  }

  #firstPrompt(question: string) {
    try {
      return renderReactPrompt({
        question,
        tools: this.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parameters: toolParameters(tool),
        })),
        template: this.options.template,
        today: this.options.today,
      });
    } catch (error) {
      if (!(error instanceof MissingVariableError)) throw error;
      throw new LangchainMiniError(
        "config_invalid",
        `The agent's template uses {${error.variable}}, which the agent does not fill: use only {tools}, {tool_names}, {question} and {today}`,
      );
    }
  }

  #request(prompt: string, signal: AbortSignal) {
    const { maxTokens = DEFAULT_MAX_TOKENS, temperature } = this.options;
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
    return `${message}. Reply with 'Action:' naming one of [${toolNames(this.tools)}] and 'Action Input:' on the next line, or with 'Final Answer:'.`;
  }
}
