import { type AgentEvent, type ChatMessage, RunStats, type RunSummary } from "@langchain-mini/core";
import { terminalText } from "@langchain-mini/host";
import { compactionText } from "./compaction-text.js";
import { formatCost } from "./format-cost.js";
import type { TerminalOutput } from "./terminal-output.js";

/**
 * `ask --verbose`: the exact prompt (or messages) of every LLM call and its raw
 * completion before parsing, fenced apart and coloured apart, then a run summary.
 */
export function createVerboseTrace(output: TerminalOutput) {
  const { paint } = output;
  const rule = (title: string) =>
    paint(["bold", "magenta"], `──── ${title} ${"─".repeat(Math.max(4, 60 - title.length))}`);
  // The summary is kept up to date, not recomputed from kept events: a long run stays small.
  let stats = new RunStats();

  return (event: AgentEvent) => {
    if (event.type === "run-start") stats = new RunStats();
    stats.add(event);
    if (event.type === "llm-start") {
      output.write(`${rule(`Prompt · LLM call ${event.step}`)}\n`);
      const text = event.prompt ?? formatMessages(event.messages ?? []);
      output.write(`${paint("gray", terminalText(text))}\n`);
    } else if (event.type === "llm-end") {
      output.write(`${rule(`Completion · LLM call ${event.step}`)}\n`);
      output.write(`${paint("yellow", terminalText(event.completion))}\n`);
      output.write(`${rule("end")}\n`);
    } else if (event.type === "compaction") {
      output.write(`${paint("yellow", `Compaction: ${compactionText(event)}`)}\n`);
    } else if (event.type === "log") {
      output.write(`${paint("gray", terminalText(`${event.source}: ${event.message}`))}\n`);
    } else if (event.type === "run-end") {
      output.write(`${paint("bold", formatSummary(stats.summary))}\n`);
    }
  };
}

function formatMessages(messages: readonly ChatMessage[]) {
  return messages
    .map((message) => {
      const calls =
        message.role === "assistant" && message.toolCalls?.length
          ? `\n${message.toolCalls.map((call) => `→ ${call.name}(${call.arguments})`).join("\n")}`
          : "";
      return `[${message.role}] ${message.content}${calls}`;
    })
    .join("\n");
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function formatSummary(summary: RunSummary) {
  const { usage } = summary;
  // A model with no known price shows its tokens only.
  const cost = summary.cost === undefined ? "" : `, ${formatCost(summary.cost)}`;
  return (
    `Summary: ${summary.steps} step${summary.steps === 1 ? "" : "s"}, ${summary.llmCalls} LLM call${summary.llmCalls === 1 ? "" : "s"}, ` +
    `${usage.inputTokens} tokens in / ${usage.outputTokens} out${cost}, ${seconds(summary.wallMs)} wall ` +
    `(LLM ${seconds(summary.llmMs)}, tools ${seconds(summary.toolMs)}, framework ${seconds(summary.frameworkMs)})`
  );
}
