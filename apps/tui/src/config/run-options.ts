import { resolve } from "node:path";
import type { ParseArgsConfig } from "node:util";
import {
  Agent,
  APPROVAL_POLICIES,
  type ApprovalPolicy,
  type Approve,
  checkSessionName,
  DEFAULT_MAX_STEPS,
  type Llm,
  type Tool,
  ToolCallingAgent,
} from "@langchain-mini/core";
import { MCP_CONFIG_VARIABLE } from "../plugins/built-ins.js";
import type { Host } from "./host.js";
import { type AgentMode, chooseLlm } from "./llm-choice.js";
import { chooseTools } from "./tool-choice.js";
import { usageError } from "./usage-error.js";

export type { AgentMode } from "./llm-choice.js";

/** The options `ask` and the TUI share. */
export const runOptionSpec = {
  llm: { type: "string" },
  tools: { type: "string" },
  mcp: { type: "string" },
  agent: { type: "string" },
  "max-steps": { type: "string" },
  "max-tokens": { type: "string" },
  approval: { type: "string" },
  trace: { type: "string" },
  session: { type: "string" },
  history: { type: "string" },
  store: { type: "string" },
  debug: { type: "boolean" },
  constrained: { type: "boolean" },
  trust: { type: "boolean" },
} as const satisfies NonNullable<ParseArgsConfig["options"]>;

/**
 * `--session <name>`, checked before anything starts: an empty or unusable name is a
 * usage error, never a run without the session the user asked for.
 */
export function sessionOption(value: string | undefined) {
  return value === undefined ? undefined : checkSessionName(value);
}

export interface RunOptionValues {
  readonly llm?: string;
  readonly tools?: string;
  readonly mcp?: string;
  readonly agent?: string;
  readonly "max-steps"?: string;
  readonly "max-tokens"?: string;
  readonly approval?: string;
  readonly constrained?: boolean;
}

/** What every run of a command shares: the model, the tools, the limits. */
export interface Runtime {
  readonly llm: Llm;
  readonly tools: Tool<unknown>[];
  readonly maxSteps: number;
  /** Output tokens per LLM call; undefined: core's default. */
  readonly maxTokens?: number;
  /** `--agent`: the text ReAct format (default) or the model's native tool calls. */
  readonly agentMode: AgentMode;
  readonly constrained: boolean;
  /** `--approval`: which tool calls wait for the user's yes; default "auto". */
  readonly approval?: ApprovalPolicy;
  /** Notices from start-up, e.g. a tool left out for want of a key. */
  readonly notices: string[];
  /** Stops what the tools started (MCP servers): once, before the process exits. */
  close(): Promise<void>;
}

export async function buildRuntime(values: RunOptionValues, host: Host): Promise<Runtime> {
  const maxSteps = wholeNumber("--max-steps", values["max-steps"]) ?? DEFAULT_MAX_STEPS;
  const maxTokens = wholeNumber("--max-tokens", values["max-tokens"]);
  const agentMode = parseAgentMode(values.agent);
  const constrained = values.constrained === true;
  const approval = parseApproval(values.approval);
  const { tools, notices, close } = await chooseTools(values.tools, withMcpFile(host, values.mcp));
  try {
    const chosen = await chooseLlm(
      { spec: values.llm, agentMode, constrained, toolNames: tools.map((tool) => tool.name) },
      host,
    );
    return {
      llm: chosen.llm,
      tools,
      maxSteps,
      maxTokens,
      agentMode,
      constrained,
      approval,
      notices: [...notices, ...chosen.notices],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `/model <spec>`: another LLM for the same tools and mode, checked the same way. */
export async function switchLlm(runtime: Runtime, spec: string, host: Host): Promise<Llm> {
  const { agentMode, constrained } = runtime;
  // The prices file was read at start-up too: what is wrong with it was said then.
  const { llm } = await chooseLlm(
    { spec, agentMode, constrained, toolNames: runtime.tools.map((tool) => tool.name) },
    host,
  );
  return llm;
}

/**
 * The agent for a runtime: the ReAct executor, or the function-calling one with `--agent
 * tools`. `approve` asks the user about the calls `--approval` holds back; without it
 * they are declined.
 */
export function createAgent(runtime: Runtime, approve?: Approve) {
  const { llm, tools, maxSteps, maxTokens, approval } = runtime;
  const options = { llm, tools, maxSteps, maxTokens, approval, approve };
  return runtime.agentMode === "tools" ? new ToolCallingAgent(options) : new Agent(options);
}

/** `--mcp <file>` is LANGCHAIN_MINI_MCP for this run, the path from the working directory. */
function withMcpFile(host: Host, file: string | undefined): Host {
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
    `--approval must be auto (ask about tools that need it), always (ask about every call) or never (run every call without asking), got '${value}'`,
  );
}

function wholeNumber(flag: string, value: string | undefined) {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1) {
    throw usageError(`${flag} must be a whole number of at least 1, got '${value}'`);
  }
  return number;
}
