import {
  FORCE_FINAL_ANSWER_SUFFIX,
  MissingVariableError,
  renderReactPrompt,
} from "@langchain-mini/prompts";
import { abortError, LangchainMiniError } from "../contracts/errors.js";
import type { AgentResult } from "../contracts/events.js";
import { toolParameters } from "../tool-input/tool-schema.js";
import { AgentBase, type AgentLimits, type AgentRunOptions } from "./agent-base.js";
import type { Emit } from "./agent-run.js";
import type { LlmCallResult } from "./call-llm.js";
import { READ_RESULT } from "./context/bounded-result.js";
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
    const { state, maxSteps, act } = begun;
    try {
      const transcript = new ReactTranscript(this.#firstPrompt(question), begun.transcript);
      const call = (step: number, suffix = "") =>
        begun.keeper.call(step, transcript, () => ({
          request: this.#request(transcript.prompt + suffix, state.signal, begun.transcript),
          options: {
            step,
            appended: transcript.appended === undefined ? undefined : transcript.appended + suffix,
          },
        }));
      for (let step = 1; ; step++) {
        if (state.signal.aborted) throw abortError();
        if (step > maxSteps) {
          if (this.options.earlyStopping !== "generate") return state.stepLimit();
          return await this.#forceAnswer(step, state, emit, call);
        }
        const reply = await call(step);
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

  /** `earlyStopping: "generate"`: one last call that must give the final answer. */
  async #forceAnswer(
    step: number,
    state: RunState,
    emit: Emit,
    call: (step: number, suffix?: string) => Promise<LlmCallResult>,
  ) {
    emit({
      type: "warning",
      message: `Reached the limit of ${step - 1} steps; asking the model for a final answer from the steps so far`,
    });
    const reply = await call(step, FORCE_FINAL_ANSWER_SUFFIX);
    const parsed = parseReAct(`Final Answer: ${reply.completion}`);
    if (parsed.type !== "final-answer") return state.stepLimit();
    emit({ type: "final-answer", step, answer: parsed.answer, thought: "" });
    return state.answered(parsed.answer);
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
