import type { ParseArgsConfig } from "node:util";
import { checkSessionName } from "@langchain-mini/core";
import type { SessionOptions } from "@langchain-mini/host";

/** The options `ask` and the terminal UI share. */
export const runOptionSpec = {
  llm: { type: "string" },
  tools: { type: "string" },
  mcp: { type: "string" },
  agent: { type: "string" },
  "max-steps": { type: "string" },
  "max-tokens": { type: "string" },
  "context-window": { type: "string" },
  "max-cost": { type: "string" },
  "max-tokens-total": { type: "string" },
  "session-max-cost": { type: "string" },
  approval: { type: "string" },
  trace: { type: "string" },
  session: { type: "string" },
  history: { type: "string" },
  store: { type: "string" },
  debug: { type: "boolean" },
  constrained: { type: "boolean" },
  trust: { type: "boolean" },
  "no-journal": { type: "boolean" },
} as const satisfies NonNullable<ParseArgsConfig["options"]>;

/** The options of a command that runs a question and writes its answer: ask, runs resume. */
export const answerOptionSpec = {
  ...runOptionSpec,
  json: { type: "boolean" },
  verbose: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies NonNullable<ParseArgsConfig["options"]>;

export interface RunFlags {
  readonly llm?: string;
  readonly tools?: string;
  readonly mcp?: string;
  readonly agent?: string;
  readonly "max-steps"?: string;
  readonly "max-tokens"?: string;
  readonly "context-window"?: string;
  readonly "max-cost"?: string;
  readonly "max-tokens-total"?: string;
  readonly "session-max-cost"?: string;
  readonly approval?: string;
  readonly trace?: string;
  readonly session?: string;
  readonly history?: string;
  readonly constrained?: boolean;
  readonly "no-journal"?: boolean;
}

/**
 * The host's session options from the flags. `--session <name>` is checked here, before
 * anything starts: an empty or unusable name is a usage error, never a run without the
 * session the user asked for.
 */
export function sessionOptions(flags: RunFlags): SessionOptions {
  return {
    llm: flags.llm,
    ...runOptions(flags),
    sessionMaxCost: flags["session-max-cost"],
    history: flags.history,
    session: flags.session === undefined ? undefined : checkSessionName(flags.session),
    ...(flags["no-journal"] ? { journal: false } : {}),
  };
}

/** The flags every run is made with, whatever the model and the session (`eval` takes these too). */
export type RunOptionFlags = Omit<
  RunFlags,
  "llm" | "session" | "history" | "session-max-cost" | "no-journal"
>;

/** The host's options for what every run is made with: tools, agent, limits, approval, trace. */
export function runOptions(flags: RunOptionFlags) {
  return {
    tools: flags.tools,
    mcp: flags.mcp,
    agent: flags.agent,
    maxSteps: flags["max-steps"],
    maxTokens: flags["max-tokens"],
    contextWindow: flags["context-window"],
    maxCost: flags["max-cost"],
    maxTokensTotal: flags["max-tokens-total"],
    approval: flags.approval,
    constrained: flags.constrained,
    trace: flags.trace,
  } satisfies SessionOptions;
}
