import type { RunStatus, TokenUsage } from "@langchain-mini/core";

/**
 * What a run's assistant message carries besides its parts: the run it shows (so a page
 * can cancel it or link its journal) and, once it ends, how it ended and what it cost.
 */
export interface UiMessageMetadata {
  readonly runId: string;
  /** `provider:model`. */
  readonly model?: string;
  readonly status?: RunStatus;
  readonly usage?: TokenUsage;
  /** US dollars, when the model's price is known. */
  readonly cost?: number;
}

/** How an assistant message ended, in the AI SDK's words. */
export type UiFinishReason = "stop" | "tool-calls" | "error" | "other";

/**
 * The chunks of the AI SDK's UI message stream (protocol v1, `ai` 7) that runs are shown
 * with: a subset of its `UIMessageChunk`, written out here so that the host does not
 * depend on the `ai` package (its tests check that every one is a valid `UIMessageChunk`).
 * Tools are `dynamic`: a page knows them only at run time, as with MCP tools.
 */
export type UiMessageChunk =
  | {
      readonly type: "start";
      readonly messageId: string;
      readonly messageMetadata: UiMessageMetadata;
    }
  | { readonly type: "start-step" }
  | { readonly type: "finish-step" }
  /** Removes the parts of the current step: its live text turned out different from the parsed step. */
  | { readonly type: "reset-step" }
  | {
      readonly type: "text-start" | "text-end" | "reasoning-start" | "reasoning-end";
      readonly id: string;
    }
  | { readonly type: "text-delta" | "reasoning-delta"; readonly id: string; readonly delta: string }
  | {
      readonly type: "tool-input-start";
      readonly toolCallId: string;
      readonly toolName: string;
      readonly dynamic: true;
    }
  | {
      readonly type: "tool-input-available";
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
      readonly dynamic: true;
    }
  | {
      readonly type: "tool-approval-request";
      readonly approvalId: string;
      readonly toolCallId: string;
    }
  | {
      readonly type: "tool-approval-response";
      readonly approvalId: string;
      readonly approved: boolean;
      readonly reason?: string;
    }
  | {
      readonly type: "tool-output-available";
      readonly toolCallId: string;
      readonly output: string;
      readonly dynamic: true;
    }
  | {
      readonly type: "tool-output-error";
      readonly toolCallId: string;
      readonly errorText: string;
      readonly dynamic: true;
    }
  | { readonly type: "tool-output-denied"; readonly toolCallId: string }
  | { readonly type: "data-warning"; readonly data: { readonly message: string } }
  | { readonly type: "error"; readonly errorText: string }
  | { readonly type: "message-metadata"; readonly messageMetadata: UiMessageMetadata }
  | { readonly type: "abort"; readonly reason: string }
  | {
      readonly type: "finish";
      readonly finishReason: UiFinishReason;
      readonly messageMetadata: UiMessageMetadata;
    };
