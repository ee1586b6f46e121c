import type { AgentEvent } from "@langchain-mini/core";

type ApprovalEvent = Extract<AgentEvent, { type: "approval" }>;

/** What became of a call that waited for approval, in a few words: the trace's line. */
export function approvalText(event: ApprovalEvent): string {
  if (event.decision === "approved") {
    return event.always ? `approved, with every later call of ${event.tool}` : "approved";
  }
  if (!event.asked) return "declined: no one to ask (--approval never runs it unasked)";
  return event.note ? `declined: "${event.note}"` : "declined";
}

/** `ask` without a terminal: the one line that says a call was declined, and what to do. */
export function unaskedNotice(tool: string) {
  return `langchain-mini: ${tool} needs approval and there is no terminal to ask on, so the call was declined (--approval never runs such calls without asking)`;
}
