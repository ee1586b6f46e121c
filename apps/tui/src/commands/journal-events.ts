import { type AgentEvent, parseReAct, type RunRecord } from "@langchain-mini/core";

/**
 * A run's journal as the events a trace shows (`runs show`): the question, each step's
 * Thought, Action and Observation (read from the completions as the agent read them),
 * decisions, where the run paused or was taken up again, and how it ended.
 */
export function* journalEvents(records: readonly RunRecord[]): Generator<AgentEvent> {
  let replayedCalls = 0;
  let agent: "react" | "tools" = "react";
  for (const record of records) {
    switch (record.type) {
      case "start":
        agent = record.settings.agent;
        yield {
          type: "run-start",
          runId: record.runId,
          question: record.question,
          tools: record.settings.tools,
          maxSteps: record.settings.maxSteps,
          provider: record.settings.provider,
          model: record.settings.model,
        };
        break;
      case "llm":
        replayedCalls++;
        // A compaction's summary is no step of the agent's.
        if (!record.purpose) yield* completionEvents(record, agent);
        break;
      case "tool-end":
        yield { type: "observation", step: record.step, text: record.observation };
        break;
      case "decision":
        yield {
          type: "approval",
          step: record.step,
          tool: record.tool,
          input: record.input,
          decision: record.approved ? "approved" : "declined",
          asked: record.asked,
          ...(record.note ? { note: record.note } : {}),
        };
        break;
      case "pause":
        yield {
          type: "warning",
          message: `Paused: ${record.tool} waits for a person's approval (since ${record.at})`,
        };
        break;
      case "resume":
        yield { type: "resumed", replayedCalls };
        break;
      case "end":
        if (record.error) yield { type: "error", error: record.error };
        break;
      // The prompt's upkeep: the trace of the run shows it, with what it made room for.
      case "compaction":
      case "tool-start":
        break;
      default:
        record satisfies never;
    }
  }
}

function* completionEvents(
  record: Extract<RunRecord, { type: "llm" }>,
  agent: "react" | "tools",
): Generator<AgentEvent> {
  const { step } = record;
  if (agent === "tools") {
    const thought = record.completion.trim();
    if (!record.toolCalls?.length) {
      if (thought) yield { type: "final-answer", step, answer: thought, thought: "" };
      return;
    }
    for (const call of record.toolCalls) {
      yield { type: "action", step, tool: call.name, input: call.arguments, thought };
    }
    return;
  }
  const parsed = parseReAct(record.completion);
  if (parsed.type === "final-answer") {
    yield { type: "final-answer", step, answer: parsed.answer, thought: parsed.thought };
  } else if (parsed.type === "error") {
    yield { type: "parse-error", step, message: parsed.message, completion: record.completion };
  } else {
    yield { type: "action", step, tool: parsed.tool, input: parsed.input, thought: parsed.thought };
  }
}
