import { LangchainMiniError } from "../contracts/errors.js";
import type { ChatMessage, LlmRequest, TokenUsage } from "../contracts/llm.js";
import type { ModelPrice } from "../contracts/price.js";
import { costOf } from "../cost/cost.js";
import { estimateTokens } from "../cost/tokens.js";
import type { CallLlmOptions, LlmCallResult } from "./call-llm.js";

/** A budget a run shares with the runs before it, such as a session's. */
export interface SharedBudget {
  /** US dollars the runs may spend together. */
  readonly maxCost: number;
  /** What the runs before this one spent, in US dollars. */
  readonly spent: number;
}

/** The limits a run's LLM calls are held to; each is checked before every call. */
export interface BudgetLimits {
  /** US dollars for the run; needs the model's price. */
  readonly maxCost?: number;
  /** Tokens for the run, prompts and replies together. */
  readonly maxTokensTotal?: number;
  readonly sessionBudget?: SharedBudget;
}

/** What the model is called, for the line that says it has no price. */
interface BudgetModel {
  readonly label: string;
  readonly price: ModelPrice | undefined;
  /** Output tokens of a request that sets none. */
  readonly defaultMaxTokens: number;
}

/** The most a call may take: its prompt (all of it, and the part new since the last call) and reply. */
interface Projection {
  readonly input: number;
  readonly added: number;
  readonly output: number;
}

// A message's role and separators, which the content alone does not count.
const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * Keeps a run inside its budgets. Before each call it projects what the call could
 * cost at most: the prompt from the last call's reported input plus an estimate of what
 * was appended since (the whole prompt estimated when there is no such call), the reply
 * at the call's output limit; a call whose projection would pass a limit is not made.
 * So a run stops with what it spent at most one call's projection below its limit.
 */
export class RunBudget {
  readonly #limits: BudgetLimits;
  readonly #model: BudgetModel;
  #tokens = 0;
  #dollars = 0;
  /** The prompt tokens of the last agent call, as reported or else estimated. */
  #lastInput: number | undefined;

  constructor(limits: BudgetLimits, model: BudgetModel) {
    this.#limits = limits;
    this.#model = model;
  }

  /**
   * Before a call: throws `budget_exceeded` when it could pass a limit. A call replayed
   * from a run's journal is held to the same rule: the projection depends only on what
   * the journal recorded, so a run taken up again with its own budgets stops (or asks
   * for its final answer) where it did. Returns the prompt's estimate, for `add`.
   */
  admit(request: LlmRequest, options: CallLlmOptions): number {
    const projection = this.#project(request, options);
    this.#refuse(projection);
    return projection.input;
  }

  /** After a call: what it spent, as reported, or as estimated where nothing was. */
  add(call: LlmCallResult, estimatedInput: number, options: CallLlmOptions) {
    const usage: TokenUsage = call.usage ?? {
      inputTokens: estimatedInput,
      outputTokens: estimateTokens(call.completion),
    };
    this.#tokens += usage.inputTokens + usage.outputTokens;
    const price = this.#model.price;
    this.#dollars += call.cost ?? (price ? costOf(usage, price) : 0);
    if (options.purpose === undefined) this.#lastInput = usage.inputTokens;
  }

  /**
   * The most output tokens this request could be given inside every limit (at most its
   * own `maxTokens`): what a last call for a final answer may ask for.
   */
  outputRoom(request: LlmRequest, options: CallLlmOptions): number {
    const projection = this.#project(request, options);
    let room = projection.output;
    const { maxCost, maxTokensTotal, sessionBudget } = this.#limits;
    const price = this.#model.price;
    if (maxTokensTotal !== undefined) {
      room = Math.min(room, maxTokensTotal - this.#tokens - projection.input);
    }
    for (const left of [
      maxCost === undefined ? undefined : maxCost - this.#dollars,
      sessionBudget && sessionBudget.maxCost - sessionBudget.spent - this.#dollars,
    ]) {
      if (left === undefined || !price) continue;
      const inputOnly = callCost({ ...projection, output: 0 }, price);
      const perToken = callCost({ ...projection, output: 1 }, price) - inputOnly;
      if (perToken > 0) room = Math.min(room, Math.floor((left - inputOnly) / perToken) - 1);
    }
    return Math.max(0, room);
  }

  #project(request: LlmRequest, options: CallLlmOptions): Projection {
    const output = request.maxTokens ?? this.#model.defaultMaxTokens;
    const last = this.#lastInput;
    if (last !== undefined && options.purpose === undefined) {
      if (options.appended !== undefined && request.prompt !== undefined) {
        const added = estimateTokens(options.appended);
        return { input: last + added, added, output };
      }
      if (options.newMessages !== undefined && request.messages) {
        const fresh = request.messages.slice(request.messages.length - options.newMessages);
        const added = messagesTokens(fresh);
        return { input: last + added, added, output };
      }
    }
    const whole =
      request.prompt !== undefined
        ? estimateTokens(request.prompt)
        : messagesTokens(request.messages ?? []) +
          (request.tools?.length ? estimateTokens(JSON.stringify(request.tools)) : 0);
    return { input: whole, added: whole, output };
  }

  #refuse(projection: Projection) {
    const { maxCost, maxTokensTotal, sessionBudget } = this.#limits;
    if (maxCost === undefined && maxTokensTotal === undefined && !sessionBudget) return;
    checkLimits(this.#limits);
    const price = this.#model.price;
    if ((maxCost !== undefined || sessionBudget) && !price) {
      throw new LangchainMiniError(
        "config_invalid",
        `A budget in dollars needs the model's price, and ${this.#model.label} has none: give the model a price, or bound the run's tokens with --max-tokens-total`,
      );
    }
    const tokens = projection.input + projection.output;
    if (maxTokensTotal !== undefined && this.#tokens + tokens > maxTokensTotal) {
      throw stopped(
        `Stopped at the run's token budget: it used ${count(this.#tokens)} of its ${count(maxTokensTotal)} tokens, and the next LLM call could use up to ${count(tokens)}: raise --max-tokens-total, or lower --max-tokens (what one reply may use)`,
      );
    }
    if (!price) return;
    const next = callCost(projection, price);
    if (maxCost !== undefined && this.#dollars + next > maxCost) {
      throw stopped(
        `Stopped at the run's budget: it spent ${dollars(this.#dollars)} of its ${dollars(maxCost)} limit, and the next LLM call could cost up to ${dollars(next)}: raise --max-cost, or lower --max-tokens (what one reply may cost)`,
      );
    }
    if (sessionBudget && sessionBudget.spent + this.#dollars + next > sessionBudget.maxCost) {
      const spent = sessionBudget.spent + this.#dollars;
      throw stopped(
        `Stopped at the session's budget: its runs spent ${dollars(spent)} of its ${dollars(sessionBudget.maxCost)} limit, and the next LLM call could cost up to ${dollars(next)}: raise --session-max-cost, or lower --max-tokens (what one reply may cost)`,
      );
    }
  }
}

/**
 * What a call could cost at most: the new part of the prompt at the cache-write rate
 * where that is the dearer one (a provider may write it to its cache), the rest at the
 * input rate, never at the cheaper cached rate, which a cache miss would not get.
 */
function callCost(projection: Projection, price: ModelPrice) {
  const writeDearer = (price.cacheWrite ?? price.input) > price.input;
  return costOf(
    {
      inputTokens: projection.input,
      outputTokens: projection.output,
      ...(writeDearer ? { cacheWriteTokens: projection.added } : {}),
    },
    price,
  );
}

function messagesTokens(messages: readonly ChatMessage[]) {
  let tokens = 0;
  for (const message of messages) {
    tokens += MESSAGE_OVERHEAD_TOKENS + estimateTokens(message.content);
    if (message.role === "assistant") {
      for (const call of message.toolCalls ?? []) {
        tokens += estimateTokens(call.name) + estimateTokens(call.arguments);
      }
    }
  }
  return tokens;
}

function checkLimits({ maxCost, maxTokensTotal, sessionBudget }: BudgetLimits) {
  const dollarsOk = (value: number | undefined) =>
    value === undefined || (Number.isFinite(value) && value > 0);
  if (!dollarsOk(maxCost) || !dollarsOk(sessionBudget?.maxCost)) {
    throw new LangchainMiniError(
      "config_invalid",
      "A budget in dollars must be a number above 0, such as 0.50",
    );
  }
  if (
    maxTokensTotal !== undefined &&
    !(Number.isSafeInteger(maxTokensTotal) && maxTokensTotal > 0)
  ) {
    throw new LangchainMiniError(
      "config_invalid",
      "A budget in tokens must be a whole number above 0, such as 200000",
    );
  }
}

function stopped(message: string) {
  return new LangchainMiniError("budget_exceeded", message);
}

const count = (tokens: number) => tokens.toLocaleString("en-US");

/** Dollars to three significant digits below a dollar, so that a spend near its limit reads apart from it. */
function dollars(amount: number) {
  if (amount === 0) return "$0";
  if (amount >= 1) return `$${amount.toFixed(2)}`;
  if (amount < 0.000_001) return "<$0.000001";
  const decimals = 2 - Math.floor(Math.log10(amount));
  return `$${Number(amount.toFixed(decimals))}`;
}
