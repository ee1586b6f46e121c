import type { JsonSchema } from "./llm.js";
import { cleanToolName } from "./parser.js";

export interface ToolContext {
  /** Aborted when the run is cancelled or the tool's time is up: stop work and return. */
  readonly signal: AbortSignal;
}

/**
 * A tool: text in, text out, as in the seeds. Whatever `execute` throws becomes an
 * observation the model reads; it never crashes a run.
 */
export interface Tool {
  /** What the model writes after `Action:`. Lower-case, no spaces, by convention. */
  readonly name: string;
  /** One or two sentences telling the model when to use the tool and what input it takes. */
  readonly description: string;
  execute(input: string, context: ToolContext): Promise<string> | string;
  /** Arguments for function-calling models; without it the tool takes `{ input: string }`. */
  readonly schema?: JsonSchema;
  /** The observation is returned as the final answer, with no further LLM call. */
  readonly returnDirect?: boolean;
  /** Overrides the executor's per-tool timeout. */
  readonly timeoutMs?: number;
}

/** Finds a tool the way models name them: `Calculator`, `[search]`, ` search `. */
export function findTool(tools: readonly Tool[], name: string): Tool | undefined {
  const wanted = normaliseToolName(name);
  return tools.find((tool) => normaliseToolName(tool.name) === wanted);
}

export function normaliseToolName(name: string) {
  return cleanToolName(name).toLowerCase();
}
