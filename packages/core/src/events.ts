import type { ErrorInfo } from "./errors.js";
import type { ChatMessage, FinishReason, TokenUsage } from "./llm.js";

/** One step the agent took: the action it chose and what the tool returned. */
export interface AgentStep {
  readonly tool: string;
  readonly input: string;
  readonly thought: string;
  readonly observation: string;
}

export type RunStatus = "answered" | "stopped" | "failed" | "aborted";

export interface AgentResult {
  readonly status: RunStatus;
  /** Present when `status` is "answered". */
  readonly answer?: string;
  /** The question the agent worked on (the standalone question when memory rewrote it). */
  readonly question: string;
  readonly steps: readonly AgentStep[];
  readonly usage: TokenUsage;
  readonly llmCalls: number;
  readonly durationMs: number;
  /** Why there is no answer, when there is none. */
  readonly error?: ErrorInfo;
}

/**
 * Every step of a run is one of these, on one stream: the TUI, `ask`, traces and tests
 * all read it. `step` counts LLM calls from 1.
 */
export type AgentEvent =
  | {
      readonly type: "run-start";
      readonly runId: string;
      readonly question: string;
      readonly tools: readonly string[];
      readonly maxSteps: number;
      readonly provider: string;
      readonly model: string;
    }
  | { readonly type: "standalone-question"; readonly original: string; readonly question: string }
  | { readonly type: "warning"; readonly message: string }
  | {
      readonly type: "llm-start";
      readonly step: number;
      readonly prompt?: string;
      readonly messages?: readonly ChatMessage[];
    }
  | { readonly type: "llm-delta"; readonly step: number; readonly text: string }
  | {
      readonly type: "llm-end";
      readonly step: number;
      /** The raw completion, cut at the stop sequence, before parsing. */
      readonly completion: string;
      readonly reason: FinishReason;
      readonly usage?: TokenUsage;
      readonly durationMs: number;
    }
  | {
      readonly type: "parse-error";
      readonly step: number;
      readonly message: string;
      readonly completion: string;
    }
  | {
      readonly type: "action";
      readonly step: number;
      readonly tool: string;
      readonly input: string;
      readonly thought: string;
    }
  | {
      readonly type: "tool-start";
      readonly step: number;
      readonly tool: string;
      readonly input: string;
      /** Where the tool comes from, when it says (e.g. its MCP server). */
      readonly origin?: string;
    }
  | {
      readonly type: "tool-end";
      readonly step: number;
      readonly tool: string;
      readonly origin?: string;
      readonly output: string;
      readonly durationMs: number;
      readonly error?: ErrorInfo;
    }
  | { readonly type: "observation"; readonly step: number; readonly text: string }
  | {
      readonly type: "final-answer";
      readonly step: number;
      readonly answer: string;
      readonly thought: string;
    }
  | { readonly type: "error"; readonly error: ErrorInfo }
  | { readonly type: "run-end"; readonly result: AgentResult };

export type AgentEventType = AgentEvent["type"];
