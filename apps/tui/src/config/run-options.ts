import type { ParseArgsConfig } from "node:util";
import { Agent, type Llm, type Tool, ToolCallingAgent } from "@langchain-mini/core";
import type { Env } from "./env.js";
import { createLlm } from "./llm-providers.js";
import { selectTools } from "./tool-registry.js";
import { usageError } from "./usage-error.js";

/** The options `ask` and the TUI share. */
export const runOptionSpec = {
  llm: { type: "string" },
  tools: { type: "string" },
  agent: { type: "string" },
  "max-steps": { type: "string" },
  trace: { type: "string" },
  session: { type: "string" },
  history: { type: "string" },
  debug: { type: "boolean" },
  constrained: { type: "boolean" },
} as const satisfies NonNullable<ParseArgsConfig["options"]>;

export interface RunOptionValues {
  readonly llm?: string;
  readonly tools?: string;
  readonly agent?: string;
  readonly "max-steps"?: string;
  readonly constrained?: boolean;
}

export interface Runtime {
  readonly llm: Llm;
  readonly tools: Tool[];
  readonly maxSteps: number;
  /** `--agent`: the text ReAct format (default) or the model's native tool calls. */
  readonly agentMode: AgentMode;
  readonly notices: string[];
}

export type AgentMode = "react" | "tools";

export async function buildRuntime(values: RunOptionValues, env: Env): Promise<Runtime> {
  const maxSteps = parseMaxSteps(values["max-steps"]);
  const agentMode = parseAgentMode(values.agent);
  const { tools, notices } = await selectTools(values.tools, env);
  const llm = await createLlm(values.llm, env, {
    toolNames: tools.map((tool) => tool.name),
    constrained: values.constrained === true,
  });
  return { llm, tools, maxSteps, agentMode, notices };
}

function parseAgentMode(value: string | undefined): AgentMode {
  if (value === undefined || value === "react" || value === "tools") return value ?? "react";
  throw usageError(
    `--agent must be react (the text ReAct format) or tools (native function calling), got '${value}'`,
  );
}

/** The agent for a runtime: the ReAct executor, or the function-calling one with `--agent tools`. */
export function createAgent(runtime: Runtime) {
  const options = { llm: runtime.llm, tools: runtime.tools, maxSteps: runtime.maxSteps };
  return runtime.agentMode === "tools" ? new ToolCallingAgent(options) : new Agent(options);
}

function parseMaxSteps(value: string | undefined) {
  if (value === undefined) return 15;
  const steps = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(steps) || steps < 1) {
    throw usageError(`--max-steps must be a whole number of at least 1, got '${value}'`);
  }
  return steps;
}
