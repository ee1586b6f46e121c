import type { AgentEvent } from "@langchain-mini/core";
import { terminalText } from "@langchain-mini/host";
import { approvalText } from "../approval/approval-text.js";
import { compactionText } from "./compaction-text.js";
import type { Style, TerminalOutput } from "./terminal-output.js";

/** Seed 001 traced search in purple and the calculator in blue; other tools get cyan. */
// A Map: tool names come from the model, and `constructor` must not find Object's.
const toolColours = new Map<string, Style>([
  ["search", "magenta"],
  ["calculator", "blue"],
]);

/** The line that marks where a resumed run went on live. */
export function resumedText(replayedCalls: number) {
  const calls = `${replayedCalls} LLM call${replayedCalls === 1 ? "" : "s"}`;
  return `the run was taken up again here: what came before was read from its journal (${calls} not made again)`;
}

/**
 * The Thought / Action / Action Input / Observation trace of `ask`, for stderr: coloured
 * on a terminal, plain when piped or with NO_COLOR; foreign text made safe to draw.
 */
export function createTextTrace(output: TerminalOutput) {
  const { paint } = output;
  const line = (label: string, style: Style, text: string) =>
    output.write(
      `${paint(["bold", ...([style] as Style[])] as Style, `${label}:`)} ${terminalText(text)}\n`,
    );
  let toolOfStep = "";

  return (event: AgentEvent) => {
    switch (event.type) {
      case "run-start":
        line("Question", "white", event.question);
        break;
      case "standalone-question":
        // The question line above shows the rewrite; this keeps what the user typed.
        line("Follow Up Input", "yellow", event.original);
        line("Standalone question", "yellow", event.question);
        break;
      case "warning":
        line("Warning", "yellow", event.message);
        break;
      case "action":
        toolOfStep = event.tool.toLowerCase();
        if (event.thought) line("Thought", "green", event.thought);
        // A tool of an MCP server (or another source) is named with where it comes from.
        line("Action", "cyan", event.origin ? `${event.tool} (${event.origin})` : event.tool);
        line("Action Input", "cyan", event.input);
        break;
      case "approval":
        // A call declined unasked (no terminal) has its own notice line.
        if (event.asked)
          line("Approval", event.decision === "approved" ? "green" : "yellow", approvalText(event));
        break;
      case "observation":
        line("Observation", toolColours.get(toolOfStep) ?? "cyan", event.text);
        break;
      case "parse-error":
        line("Format error", "yellow", event.message);
        break;
      case "final-answer":
        if (event.thought) line("Thought", "green", event.thought);
        line("Final Answer", "green", event.answer);
        break;
      case "error":
        line("Error", "red", event.error.message);
        break;
      case "resumed":
        line("Resumed", "yellow", resumedText(event.replayedCalls));
        break;
      case "compaction":
        line("Compaction", "yellow", compactionText(event));
        break;
      case "llm-start":
      case "llm-delta":
      case "llm-end":
      case "tool-start":
      case "tool-end":
      case "run-end":
      // Plug-ins' log lines are for trace files (and --verbose), not this trace.
      case "log":
        break;
      default:
        event satisfies never;
    }
  };
}
