import type { AgentEvent } from "@langchain-mini/core";

type Compaction = Extract<AgentEvent, { type: "compaction" }>;

const figure = (value: number) => value.toLocaleString("en-US");
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * One line for a compaction, wherever a trace shows one: before which step, why, what
 * went and how much room it made.
 */
export function compactionText(event: Compaction) {
  const why =
    event.reason === "provider"
      ? "the model refused the prompt as too long"
      : `the prompt and the reply's room would not fit the model's window of ${figure(event.window)} tokens`;
  const done = [
    event.cleared > 0 ? `cleared ${plural(event.cleared, "tool result")}` : "",
    event.summarised > 0 ? `summarised ${plural(event.summarised, "step")}` : "",
  ].filter(Boolean);
  return `before step ${event.step}, ${why}: ${done.join(" and ")} (about ${figure(event.tokensBefore)} → ${figure(event.tokensAfter)} tokens)`;
}
