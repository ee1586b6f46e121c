import { Agent, type AgentEvent } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import { Conversation } from "./conversation.js";
import { summaryHistory } from "./history-strategy.js";
import { InMemorySessionStore } from "./in-memory-session-store.js";

const KEY = "sk-live-0123456789abcdefghij";
const redact = (text: string) => text.replaceAll(KEY, "[REDACTED]");

async function ask(conversation: Conversation, question: string) {
  const run = conversation.ask(question);
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return { events, result: await run.result };
}

describe("Conversation with a redactor", () => {
  it("stores no secret: question, rewritten question, answer and summary are blanked", async () => {
    const llm = new ScriptedLlm([
      ` ok\nFinal Answer: your key is ${KEY}`,
      `The user shared the key ${KEY}.`,
      ` What can I do with ${KEY}?`,
      " ok\nFinal Answer: nothing good",
      `Still about ${KEY}.`,
    ]);
    const store = new InMemorySessionStore();
    const conversation = new Conversation({
      agent: new Agent({ llm }),
      llm,
      store,
      session: "s",
      history: summaryHistory(llm),
      redact,
    });
    const first = await ask(conversation, `remember ${KEY}`);
    // What the user sees now is the host's business; only what is stored is blanked.
    expect(first.result.answer).toBe(`your key is ${KEY}`);
    expect(first.result.saved).toBe(true);
    await ask(conversation, "and then?");

    const stored = JSON.stringify((await store.load("s")).records);
    expect(stored).not.toContain(KEY);
    expect((await store.load("s")).records).toEqual([
      expect.objectContaining({
        type: "turn",
        question: "remember [REDACTED]",
        answer: "your key is [REDACTED]",
      }),
      expect.objectContaining({ type: "summary", summary: "The user shared the key [REDACTED]." }),
      expect.objectContaining({
        type: "turn",
        question: "and then?",
        standaloneQuestion: "What can I do with [REDACTED]?",
      }),
      expect.objectContaining({ type: "summary", summary: "Still about [REDACTED]." }),
    ]);
  });
});
