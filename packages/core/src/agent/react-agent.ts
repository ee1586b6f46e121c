import {
  FORCE_FINAL_ANSWER_SUFFIX,
  MissingVariableError,
  renderReactPrompt,
} from "@langchain-mini/prompts";
import { abortError, isLangchainMiniError, LangchainMiniError } from "../contracts/errors.js";
import type { AgentResult } from "../contracts/events.js";
import { toolParameters } from "../tool-input/tool-schema.js";
import { AgentBase, type AgentLimits, type AgentRunOptions } from "./agent-base.js";
import type { Emit } from "./agent-run.js";
import type { RunBudget } from "./budget.js";
import type { LlmCallResult } from "./call-llm.js";
import { READ_RESULT } from "./context/bounded-result.js";
import type { Attempt } from "./context/context-keeper.js";
import { ReactTranscript } from "./context/react-transcript.js";
import type { TranscriptContext } from "./context/transcript.js";
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

/** One of this agent's calls: its request always states the reply's limit. */
type ReactAttempt = Attempt & { readonly request: { readonly maxTokens: number } };

/** What a last call for a final answer needs from the loop. */
interface LastCall {
  readonly state: RunState;
  readonly emit: Emit;
  readonly spending: RunBudget;
  /** The call of a step as it would be made now, for measuring it. */
  readonly attempt: (step: number, suffix?: string, maxTokens?: number) => ReactAttempt;
  /** Makes the call, its prompt kept inside the window. */
  readonly call: (step: number, suffix?: string, maxTokens?: number) => Promise<LlmCallResult>;
}

/** The stop sequence that keeps a model from inventing its own observations. */
export const REACT_STOP = ["\nObservation:"];

/**
 * How a ReAct model reads a stored result: the action to write. `read_result` is not in
 * the prompt's list of tools, which never changes during a run (prefix caches keep
 * hitting); the line where a result was cut is where the model learns of it.
 */
const readHint = (id: string, offset: number) =>
  `Action: ${READ_RESULT} with Action Input: {"result": "${id}", "offset": ${offset}}`;

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
    const begun = this.begin(question, emit, options, readHint);
    const { state, maxSteps, act, spending } = begun;
    try {
      const transcript = new ReactTranscript(this.#firstPrompt(question), begun.transcript);
      const attempt = (step: number, suffix = "", maxTokens?: number): ReactAttempt => {
        const request = this.#request(transcript.prompt + suffix, state.signal, begun.transcript);
        return {
          request: maxTokens === undefined ? request : { ...request, maxTokens },
          options: {
            step,
            appended: transcript.appended === undefined ? undefined : transcript.appended + suffix,
          },
        };
      };
      const last: LastCall = {
        state,
        emit,
        spending,
        attempt,
        call: (step, suffix, maxTokens) =>
          begun.keeper.call(step, transcript, () => attempt(step, suffix, maxTokens)),
      };
      for (let step = 1; ; step++) {
        if (state.signal.aborted) throw abortError();
        if (step > maxSteps) {
          if (this.options.earlyStopping !== "generate") return state.stepLimit();
          return await this.#forceAnswer(step, last, () => state.stepLimit());
        }
        let reply: LlmCallResult;
        try {
          reply = await last.call(step);
        } catch (error) {
          if (!this.#answersAtBudget(error)) throw error;
          return await this.#forceAnswer(step, last, () => state.fail(error));
        }
        const parsed = parseReAct(reply.completion);

        if (parsed.type === "final-answer") {
          emit({ type: "final-answer", step, answer: parsed.answer, thought: parsed.thought });
          return state.answered(parsed.answer);
        }
        let observation: string;
        if (parsed.type === "error") {
          emit({
            type: "parse-error",
            step,
            message: parsed.message,
            completion: reply.completion,
          });
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
        transcript.add(step, cutAtObservation(reply.completion), observation);
      }
    } catch (error) {
      return state.fail(error);
    }
  }

  /**
   * `earlyStopping: "generate"`: one last call that must give the final answer, at the
   * step limit or where the next step could pass the budget; its reply is held inside
   * what the budget leaves (measured on the prompt before any compaction, which only
   * shrinks it), or it is not made and `stop` ends the run.
   */
  async #forceAnswer(step: number, last: LastCall, stop: () => AgentResult) {
    const { state, emit, spending } = last;
    const planned = last.attempt(step, FORCE_FINAL_ANSWER_SUFFIX);
    const room = spending.outputRoom(planned.request, planned.options);
    const atBudget = room < planned.request.maxTokens;
    if (atBudget && room < FINAL_ANSWER_MIN_TOKENS) return stop();
    emit({
      type: "warning",
      message: atBudget
        ? `The next step could pass the budget; asking the model for a final answer from the steps so far, in at most ${room.toLocaleString("en-US")} tokens`
        : `Reached the limit of ${step - 1} steps; asking the model for a final answer from the steps so far`,
    });
    const reply = await last.call(step, FORCE_FINAL_ANSWER_SUFFIX, room);
    const parsed = parseReAct(`Final Answer: ${reply.completion}`);
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

  #request(prompt: string, signal: AbortSignal, context: TranscriptContext) {
    const { temperature } = this.options;
    return { prompt, stop: REACT_STOP, signal, maxTokens: context.budget.maxTokens, temperature };
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
