import type { StandardSchemaV1 } from "@standard-schema/spec";
import { cleanToolName } from "../agent/parser.js";
import type { JsonSchema } from "./llm.js";

export interface ToolContext {
  /** Aborted when the run is cancelled or the tool's time is up: stop work and return. */
  readonly signal: AbortSignal;
  /** The run this call belongs to; hosts that call tools outside an agent may leave it out. */
  readonly run?: ToolRun;
}

/**
 * A run as a tool sees it, for tools that keep state from one call to the next (a REPL):
 * they key it on `id` and release it when `ended` fires.
 */
export interface ToolRun {
  /** The run's id, as in its `run-start` event. */
  readonly id: string;
  /** Aborted when the run ends, however it ends (answer, failure, cancellation). */
  readonly ended: AbortSignal;
}

/** A plain JSON Schema, told apart at run time from a Standard Schema by its lack of `~standard`. */
export type JsonSchemaInput = JsonSchema & { readonly "~standard"?: never };

/**
 * A tool. Text in, text out, as in the seeds; or typed: it declares `inputSchema`, the
 * agent validates the model's arguments against it before `execute`, sends what is wrong
 * back to the model as the observation, and `execute` gets the parsed value. Whatever
 * `execute` throws becomes an observation the model reads; it never crashes a run.
 *
 * `Tool` alone is a text tool; `Tool<unknown>` is any tool (what agents and hosts hold).
 */
export interface Tool<Input = string> {
  /** What the model writes after `Action:`. Lower-case, no spaces, by convention. */
  readonly name: string;
  /** One or two sentences telling the model when to use the tool and what input it takes. */
  readonly description: string;
  /**
   * What the tool takes: a Standard Schema (zod 4, valibot, arktype) or a JSON Schema.
   * Without it the tool takes one string: the `Action Input` as written.
   */
  readonly inputSchema?: StandardSchemaV1<unknown, Input> | JsonSchemaInput;
  /**
   * The JSON Schema the model is shown (function parameters, the ReAct prompt's argument
   * list). Default: `inputSchema` itself, or what a Standard Schema converts itself to
   * (Standard JSON Schema, e.g. zod 4.2 and later). Give it for a library that cannot.
   */
  readonly parameters?: JsonSchema;
  execute(input: Input, context: ToolContext): Promise<string> | string;
  /** The observation is returned as the final answer, with no further LLM call. */
  readonly returnDirect?: boolean;
  /**
   * Calls wait for a person's approval before they run: say so for a tool with side
   * effects (writing files, running code, sending mail). Agents ask their `approve` hook
   * (see `ApprovalPolicy`); with none, such calls are declined.
   */
  readonly needsApproval?: boolean;
  /**
   * The tool acts on the world (writes, sends, runs code) even when it needs no approval:
   * a call cut short by a crash, whose result was never kept, is not run again when the
   * run resumes without asking first (a run that cannot ask declines it or pauses).
   * Tools without it may be run again. `needsApproval` implies it.
   */
  readonly sideEffects?: boolean;
  /** Overrides the executor's per-tool timeout. */
  readonly timeoutMs?: number;
  /**
   * Where the tool comes from when one module offers tools of several sources, e.g.
   * `MCP server "files"`: hosts list tools under it and traces name it with each call.
   */
  readonly origin?: string;
}

/**
 * Declares a typed tool; `execute`'s input is inferred from a Standard Schema, or given
 * as the type argument for a JSON Schema: `defineTool<{ city: string }>({ … })`.
 */
export function defineTool<Input>(tool: Tool<Input>): Tool<Input> {
  return tool;
}

/** Finds a tool the way models name them: `Calculator`, `[search]`, ` search `. */
export function findTool<Found extends Tool<unknown>>(
  tools: readonly Found[],
  name: string,
): Found | undefined {
  const wanted = normaliseToolName(name);
  return tools.find((tool) => normaliseToolName(tool.name) === wanted);
}

export function normaliseToolName(name: string) {
  return cleanToolName(name).toLowerCase();
}
