import type { ParseArgsConfig } from "node:util";
import type { Llm, Tool } from "@langchain-mini/core";
import type { Env } from "./env.js";
import { createLlm } from "./llm-providers.js";
import { selectTools } from "./tool-registry.js";
import { usageError } from "./usage-error.js";

/** The options `ask` and the TUI share. */
export const runOptionSpec = {
  llm: { type: "string" },
  tools: { type: "string" },
  "max-steps": { type: "string" },
  trace: { type: "string" },
  debug: { type: "boolean" },
  constrained: { type: "boolean" },
} as const satisfies NonNullable<ParseArgsConfig["options"]>;

export interface RunOptionValues {
  readonly llm?: string;
  readonly tools?: string;
  readonly "max-steps"?: string;
  readonly constrained?: boolean;
}

export interface Runtime {
  readonly llm: Llm;
  readonly tools: Tool[];
  readonly maxSteps: number;
  readonly notices: string[];
}

export async function buildRuntime(values: RunOptionValues, env: Env): Promise<Runtime> {
  const maxSteps = parseMaxSteps(values["max-steps"]);
  const { tools, notices } = await selectTools(values.tools, env);
  const llm = await createLlm(values.llm, env, {
    toolNames: tools.map((tool) => tool.name),
    constrained: values.constrained === true,
  });
  return { llm, tools, maxSteps, notices };
}

function parseMaxSteps(value: string | undefined) {
  if (value === undefined) return 15;
  const steps = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(steps) || steps < 1) {
    throw usageError(`--max-steps must be a whole number of at least 1, got '${value}'`);
  }
  return steps;
}
