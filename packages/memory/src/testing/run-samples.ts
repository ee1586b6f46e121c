import type { RunJournal, RunLease, RunRecord } from "@langchain-mini/core";
import type { SessionStoreContractOptions } from "./store-check.js";
import { type Open, withStore } from "./with-store.js";

/** Runs `work` on the journal of a store at a fresh location (see `withStore`). */
export function withJournal(
  options: Open,
  work: (journal: RunJournal, location: string) => Promise<void>,
) {
  return withStore(options, async (store, location) => {
    if (!store.runs) throw new Error("The store has no run journals (store.runs)");
    await work(store.runs, location);
  });
}

/** Opens the store at `location` again, as another process would, for its journal. */
export async function reopenedJournal(
  options: Pick<SessionStoreContractOptions, "open">,
  location: string,
  work: (journal: RunJournal) => Promise<void>,
) {
  const store = await options.open(location);
  try {
    if (!store.runs) throw new Error("The store has no run journals (store.runs)");
    await work(store.runs);
  } finally {
    await store.close?.();
  }
}

const at = "2026-11-27T09:30:00.000Z";

/**
 * A run of every kind of record, with what trips storage up: keys that are JavaScript
 * property names (in the provider data a native tool call carries back), JSON inside
 * strings, line breaks and control characters.
 */
export function everyKindOfRecord(runId: string): RunRecord[] {
  const input = '{"expression":"2 + 2","__proto__":{"polluted":true}}';
  return [
    {
      type: "start",
      runId,
      question: "What is 2 + 2?\nAnd then?",
      settings: {
        llm: "openai:gpt-4o-mini",
        provider: "openai",
        model: "gpt-4o-mini",
        tools: ["calculator", "search"],
        agent: "tools",
        maxSteps: 10,
        approval: "pause",
        today: "2026-11-27",
        session: "constructor",
      },
      at,
    },
    {
      type: "llm",
      step: 1,
      completion: "",
      toolCalls: [
        {
          id: "call_1",
          name: "calculator",
          arguments: input,
          providerData: JSON.parse('{"__proto__":{"x":1},"constructor":"c","google":{"s":"…"}}'),
        },
      ],
      reason: "tool-calls",
      usage: { inputTokens: 120, outputTokens: 14 },
      cost: 0.000_021,
    },
    { type: "pause", step: 1, tool: "calculator", input, at },
    {
      type: "decision",
      step: 1,
      tool: "calculator",
      input,
      approved: true,
      asked: true,
      note: "fine\r\nby me",
      by: "alice",
      at,
    },
    { type: "resume", by: "host-b:4242", at },
    { type: "tool-start", step: 1, tool: "calculator", input },
    { type: "tool-end", step: 1, tool: "calculator", input, observation: "4" },
    {
      type: "tool-end",
      step: 2,
      tool: "search",
      input: "x",
      observation: "",
      error: { code: "tool_failed", message: "The search failed: try again" },
    },
    { type: "end", status: "answered", answer: "4\u0000\u001b[31m", at },
  ];
}

export function observation(step: number, text: string): RunRecord {
  return { type: "tool-end", step, tool: "search", input: `query ${step}`, observation: text };
}

/** A lease held for an hour: no store lets it lapse during a check. */
export function leaseFor(owner: string): RunLease {
  return { owner, host: "contract-host", pid: 4242, expiresAt: Date.now() + 3_600_000 };
}
