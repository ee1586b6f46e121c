import { resolve } from "node:path";
import {
  Agent,
  APPROVAL_POLICIES,
  type ApprovalPolicy,
  type Approve,
  DEFAULT_MAX_STEPS,
  type Llm,
  type SharedBudget,
  type Tool,
  ToolCallingAgent,
} from "@langchain-mini/core";
import { MCP_CONFIG_VARIABLE } from "../plugins/built-ins.js";
import { sizedLlm } from "./context-window.js";
import type { HostContext } from "./host-context.js";
import { type AgentMode, chooseLlm } from "./llm-choice.js";
import { chooseTools } from "./tool-choice.js";
import { usageError } from "./usage-error.js";

export type { AgentMode } from "./llm-choice.js";

/**
 * What a session runs with, as a front end's flags give it (`--llm`, `--tools`, …) or
 * as a program does: a spec or an LLM object, tool names or tool objects.
 */
export interface RuntimeOptions {
  /** `--llm`: `provider[:model]`, `script:<file>`, `<module>:<model>`, or an LLM. */
  readonly llm?: string | Llm;
  /** `--tools`: comma-separated names, or the tools themselves; default the built-in defaults. */
  readonly tools?: string | readonly Tool<unknown>[];
  /** `--mcp`: an MCP configuration file, relative to the host's working directory. */
  readonly mcp?: string;
  /** `--agent`: react (default) or tools. */
  readonly agent?: string;
  /** `--max-steps`; default core's. */
  readonly maxSteps?: number | string;
  /** `--max-tokens`: output tokens per LLM call; default core's. */
  readonly maxTokens?: number | string;
  /** `--context-window`: the model's window in tokens, over its provider's and prices.json's. */
  readonly contextWindow?: number | string;
  /** `--max-cost`: US dollars each run may spend on LLM calls; needs the model's price. */
  readonly maxCost?: number | string;
  /** `--max-tokens-total`: tokens each run's LLM calls may use, prompts and replies together. */
  readonly maxTokensTotal?: number | string;
  /** `--approval`: auto (default), always, never, or pause (auto, pausing when no one can be asked). */
  readonly approval?: string;
  /** `--constrained`: constrained decoding, for providers that can. */
  readonly constrained?: boolean;
  /**
   * Whatever the policy, a call that waits for approval with no one to ask pauses the run
   * for a decision from outside (a server's client), as `--approval pause` does for auto.
   */
  readonly pauseApprovals?: boolean;
  /**
   * A program's own layer over the model the spec chose, checked as the model is (an
   * eval records every call's exchange through one).
   */
  readonly wrapLlm?: (llm: Llm) => Llm;
}

/** What every run of a command shares: the model, the tools, the limits. */
export interface Runtime {
  readonly llm: Llm;
  readonly tools: Tool<unknown>[];
  readonly maxSteps: number;
  /** Output tokens per LLM call; undefined: core's default. */
  readonly maxTokens?: number;
  /** `--context-window`, which a model switched to keeps too. */
  readonly contextWindow?: number;
  /** US dollars each run may spend; undefined: no limit. */
  readonly maxCost?: number;
  /** Tokens each run may use; undefined: no limit. */
  readonly maxTokensTotal?: number;
  /** `--agent`: the text ReAct format (default) or the model's native tool calls. */
  readonly agentMode: AgentMode;
  readonly constrained: boolean;
  /** `--approval`: which tool calls wait for the user's yes; default "auto". */
  readonly approval?: ApprovalPolicy;
  /**
   * `--approval pause`: a call that waits for approval with no one to ask pauses the run
   * (its journal kept) instead of being declined.
   */
  readonly pauseUnasked?: boolean;
  /** Notices from start-up, e.g. a tool left out for want of a key. */
  readonly notices: string[];
  /** Stops what the tools started (MCP servers): once, before the process exits. */
  close(): Promise<void>;
}

/** The runtime `options` describe: options checked, then the tools made, then the LLM. */
export async function buildRuntime(options: RuntimeOptions, host: HostContext): Promise<Runtime> {
  const maxSteps = wholeNumber("--max-steps", options.maxSteps) ?? DEFAULT_MAX_STEPS;
  const maxTokens = wholeNumber("--max-tokens", options.maxTokens);
  const contextWindow = wholeNumber("--context-window", options.contextWindow);
  const maxCost = dollars("--max-cost", options.maxCost);
  const maxTokensTotal = wholeNumber("--max-tokens-total", options.maxTokensTotal);
  const agentMode = parseAgentMode(options.agent);
  const constrained = options.constrained === true;
  const pauseSpec = options.approval?.trim() === "pause";
  const pauseUnasked = pauseSpec || options.pauseApprovals === true;
  const approval = pauseSpec ? "auto" : parseApproval(options.approval);
  const { tools, notices, close } =
    typeof options.tools === "object"
      ? { tools: [...options.tools], notices: [], close: async () => undefined }
      : await chooseTools(options.tools, withMcpFile(host, options.mcp));
  try {
    const chosen =
      typeof options.llm === "object"
        ? { llm: sizedLlm(options.llm, contextWindow, new Map()), notices: [] }
        : await chooseLlm(
            {
              spec: options.llm,
              agentMode,
              constrained,
              toolNames: tools.map((tool) => tool.name),
              contextWindow,
            },
            host,
          );
    const llm = options.wrapLlm ? options.wrapLlm(chosen.llm) : chosen.llm;
    if (maxCost !== undefined) checkPriced(llm, "--max-cost");
    return {
      llm,
      tools,
      maxSteps,
      maxTokens,
      ...(maxCost === undefined ? {} : { maxCost }),
      ...(maxTokensTotal === undefined ? {} : { maxTokensTotal }),
      ...(contextWindow === undefined ? {} : { contextWindow }),
      agentMode,
      constrained,
      approval,
      ...(pauseUnasked ? { pauseUnasked } : {}),
      notices: [...notices, ...chosen.notices],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `/model <spec>`: another LLM for the same tools and mode, checked the same way. */
export async function switchLlm(runtime: Runtime, spec: string, host: HostContext): Promise<Llm> {
  const { agentMode, constrained } = runtime;
  // The prices file was read at start-up too: what is wrong with it was said then.
  const { llm } = await chooseLlm(
    {
      spec,
      agentMode,
      constrained,
      toolNames: runtime.tools.map((tool) => tool.name),
      ...(runtime.contextWindow === undefined ? {} : { contextWindow: runtime.contextWindow }),
    },
    host,
  );
  if (runtime.maxCost !== undefined) checkPriced(llm, "--max-cost");
  return llm;
}

/**
 * A budget in dollars needs the model's price: without one no call could be priced, and
 * the budget would never stop anything. Said before anything runs.
 */
export function checkPriced(llm: Llm, flag: string) {
  if (llm.price) return;
  throw usageError(
    `${flag} needs the price of ${llm.provider}:${llm.model}, which is not known: give it one in prices.json in the data directory, or bound each run's tokens with --max-tokens-total instead`,
  );
}

/**
 * The agent for a runtime: the ReAct executor, or the function-calling one with `--agent
 * tools`. `approve` asks the user about the calls `--approval` holds back; without it
 * they are declined. `sessionBudget` is what the session's runs before this one spent
 * of `--session-max-cost`.
 */
export function createAgent(
  runtime: Runtime,
  approve?: Approve,
  today?: string,
  sessionBudget?: SharedBudget,
) {
  const { llm, tools, maxSteps, maxTokens, approval, maxCost, maxTokensTotal } = runtime;
  const options = {
    llm,
    tools,
    maxSteps,
    maxTokens,
    approval,
    approve,
    today,
    maxCost,
    maxTokensTotal,
    sessionBudget,
  };
  return runtime.agentMode === "tools" ? new ToolCallingAgent(options) : new Agent(options);
}

/** `--mcp <file>` is LANGCHAIN_MINI_MCP for this run, the path from the working directory. */
function withMcpFile(host: HostContext, file: string | undefined): HostContext {
  if (file === undefined) return host;
  if (!file.trim()) throw usageError("--mcp needs a file: --mcp mcp.json");
  return { ...host, env: { ...host.env, [MCP_CONFIG_VARIABLE]: resolve(host.cwd, file) } };
}

function parseAgentMode(value: string | undefined): AgentMode {
  if (value === undefined || value === "react" || value === "tools") return value ?? "react";
  throw usageError(
    `--agent must be react (the text ReAct format) or tools (native function calling), got '${value}'`,
  );
}

function parseApproval(value: string | undefined): ApprovalPolicy {
  if (value === undefined) return "auto";
  const policy = APPROVAL_POLICIES.find((known) => known === value.trim());
  if (policy) return policy;
  throw usageError(
    `--approval must be auto (ask about tools that need it), always (ask about every call), never (run every call without asking) or pause (as auto, but with no one to ask the run pauses until someone approves), got '${value}'`,
  );
}

/** An amount of US dollars above 0, as `--max-cost 0.50` gives it. */
export function dollars(flag: string, value: number | string | undefined) {
  if (value === undefined) return undefined;
  const amount = Number(value);
  if (
    !/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(String(value).trim()) ||
    !Number.isFinite(amount) ||
    amount <= 0
  ) {
    throw usageError(
      `${flag} must be an amount of US dollars above 0, such as 0.50, got '${value}'`,
    );
  }
  return amount;
}

function wholeNumber(flag: string, value: number | string | undefined) {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(String(value).trim()) || !Number.isSafeInteger(number) || number < 1) {
    throw usageError(`${flag} must be a whole number of at least 1, got '${value}'`);
  }
  return number;
}
