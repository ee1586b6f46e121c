import {
  Agent,
  type AgentEvent,
  LangchainMiniError,
  type SessionStore,
  turnsOf,
} from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import { Conversation } from "./conversation.js";
import {
  bufferHistory,
  parseHistoryStrategy,
  summaryHistory,
  tokenBudgetHistory,
  windowHistory,
} from "./history-strategy.js";
import { InMemorySessionStore } from "./in-memory-session-store.js";

async function ask(conversation: Conversation, question: string) {
  const run = conversation.ask(question);
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return { events, result: await run.result };
}

describe("Conversation", () => {
  it("rewrites seed 000's follow-up into a standalone question and stores both turns", async () => {
    const llm = new ScriptedLlm([
      " I now know the final answer\nFinal Answer: Yesterday, the high temperature in SF was 54°F",
      " What is 54°F in Celsius?",
      " I now know the final answer\nFinal Answer: 54°F is 12.2°C",
    ]);
    const store = new InMemorySessionStore();
    const conversation = new Conversation({ agent: new Agent({ llm }), llm, store, session: "sf" });
    const first = await ask(
      conversation,
      "What was the high temperature in SF yesterday in Fahrenheit?",
    );
    expect(first.events.some((event) => event.type === "standalone-question")).toBe(false);

    const second = await ask(conversation, "What is that in celsius?");
    expect(llm.calls[1]?.prompt).toBe(
      "Given the following conversation and a follow up question, rephrase the follow up question to be a standalone question.\nChat History:\nQ: What was the high temperature in SF yesterday in Fahrenheit?\nA: Yesterday, the high temperature in SF was 54°F\nFollow Up Input: What is that in celsius?\nStandalone question:",
    );
    expect(second.events[0]).toMatchObject({
      type: "run-start",
      question: "What is 54°F in Celsius?",
    });
    expect(second.events.find((event) => event.type === "standalone-question")).toEqual({
      type: "standalone-question",
      original: "What is that in celsius?",
      question: "What is 54°F in Celsius?",
    });
    expect(second.result.answer).toBe("54°F is 12.2°C");
    expect(second.result.saved).toBe(true);
    // The rewrite is memory's call, marked as such; run-end comes last and counts it.
    expect(
      second.events
        .filter((event) => event.type === "llm-end")
        .map((event) => event.purpose ?? `step ${event.step}`),
    ).toEqual(["rewrite", "step 1"]);
    expect(second.events.at(-1)).toEqual({ type: "run-end", result: second.result });
    expect(second.events.filter((event) => event.type === "run-end")).toHaveLength(1);
    expect(second.result.llmCalls).toBe(2);
    const callInputTokens = second.events
      .flatMap((event) => (event.type === "llm-end" ? [event.usage?.inputTokens ?? 0] : []))
      .reduce((sum, tokens) => sum + tokens, 0);
    expect(second.result.usage.inputTokens).toBe(callInputTokens);
    const turns = turnsOf((await store.load("sf")).records);
    expect(turns.map((turn) => [turn.question, turn.standaloneQuestion])).toEqual([
      ["What was the high temperature in SF yesterday in Fahrenheit?", undefined],
      ["What is that in celsius?", "What is 54°F in Celsius?"],
    ]);
  });

  it("keeps the original question, with a warning, when the rewrite fails or is empty", async () => {
    const store = new InMemorySessionStore();
    await store.append("s", { type: "turn", question: "q0", answer: "a0", at: "" });
    for (const reply of [{ error: new Error("server down") }, "   "]) {
      const llm = new ScriptedLlm([reply, " ok\nFinal Answer: fine"]);
      const { events, result } = await ask(
        new Conversation({ agent: new Agent({ llm }), llm, store, session: "s" }),
        "and then?",
      );
      expect(result.question).toBe("and then?");
      expect(events.find((event) => event.type === "warning")).toBeDefined();
      expect(events[0]?.type).toBe("run-start");
    }
  });

  it("ends a follow-up cancelled during its rewrite as an aborted run", async () => {
    const store = new InMemorySessionStore();
    await store.append("s", { type: "turn", question: "q0", answer: "a0", at: "" });
    const llm = new ScriptedLlm([{ text: " rewritten", delayMs: 5_000 }]);
    const controller = new AbortController();
    const run = new Conversation({ agent: new Agent({ llm }), llm, store, session: "s" }).ask(
      "and then?",
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 20);
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    expect((await run.result).status).toBe("aborted");
    expect(events[0]?.type).toBe("run-start");
    expect(events.some((event) => event.type === "warning")).toBe(false);
    expect(turnsOf((await store.load("s")).records)).toHaveLength(1);
  });

  it("answers with a warning when the store cannot be read, and another when it cannot be written", async () => {
    const broken: SessionStore = {
      load: async () => {
        throw new LangchainMiniError("store_unavailable", "Cannot read session 's'");
      },
      append: async () => {
        throw new LangchainMiniError("store_unavailable", "Cannot save to session 's'");
      },
      clear: async () => {},
      list: async () => [],
    };
    const llm = new ScriptedLlm([" ok\nFinal Answer: still answered"]);
    const { events, result } = await ask(
      new Conversation({ agent: new Agent({ llm }), llm, store: broken, session: "s" }),
      "q",
    );
    expect(result.answer).toBe("still answered");
    expect(events[0]?.type).toBe("run-start");
    expect(events.flatMap((event) => (event.type === "warning" ? [event.message] : []))).toEqual([
      "Cannot read session 's' (answering without the conversation's history)",
      "Cannot save to session 's' (the answer was not saved)",
    ]);
    expect(result.saved).toBe(false);
  });

  it("does not try to save a turn when the store refused to load it (a wrong password)", async () => {
    let appends = 0;
    const refusing: SessionStore = {
      load: async () => {
        throw new LangchainMiniError("config_invalid", "Redis refused the password");
      },
      append: async () => {
        appends++;
      },
      clear: async () => {},
      list: async () => [],
    };
    const llm = new ScriptedLlm([" ok\nFinal Answer: still answered"]);
    const { events, result } = await ask(
      new Conversation({ agent: new Agent({ llm }), llm, store: refusing, session: "s" }),
      "q",
    );
    expect(result.answer).toBe("still answered");
    expect(events.flatMap((event) => (event.type === "warning" ? [event.message] : []))).toEqual([
      "Redis refused the password (answering without the conversation's history; this turn will not be saved)",
    ]);
    expect(appends).toBe(0);
    expect(result.saved).toBe(false);
  });

  it("refuses a session name that could escape the store", () => {
    const llm = new ScriptedLlm([]);
    expect(
      () =>
        new Conversation({
          agent: new Agent({ llm }),
          llm,
          store: new InMemorySessionStore(),
          session: "../x",
        }),
    ).toThrow("'../x' is not a session name");
  });

  it("does not store a turn without an answer", async () => {
    const llm = new ScriptedLlm(["rambling", "more rambling"]);
    const store = new InMemorySessionStore();
    const { result } = await ask(
      new Conversation({ agent: new Agent({ llm, maxSteps: 2 }), llm, store, session: "s" }),
      "q",
    );
    expect((await store.load("s")).records).toEqual([]);
    expect(result.saved).toBeUndefined();
  });

  it("counts memory's own calls (the rewrite, the summary) in the turn's cost", async () => {
    const price = { input: 3, output: 15 };
    const llm = new ScriptedLlm(
      [
        " ok\nFinal Answer: a1",
        "q1 was answered.",
        " rewritten q2",
        " ok\nFinal Answer: a2",
        "both.",
      ],
      { price },
    );
    const conversation = new Conversation({
      agent: new Agent({ llm }),
      llm,
      store: new InMemorySessionStore(),
      session: "s",
      history: summaryHistory(llm),
    });
    await ask(conversation, "q1");
    const second = await ask(conversation, "q2");
    const calls = second.events.flatMap((event) => (event.type === "llm-end" ? [event] : []));
    expect(calls.map((call) => call.purpose ?? "agent")).toEqual(["rewrite", "agent", "summary"]);
    const sum = calls.reduce((total, call) => total + (call.cost ?? Number.NaN), 0);
    expect(sum).toBeGreaterThan(0);
    expect(second.result.cost).toBeCloseTo(sum, 15);
  });

  it("knows no cost for a turn when memory's model has no price: a part is not the whole", async () => {
    const agentLlm = new ScriptedLlm([" ok\nFinal Answer: a1", " ok\nFinal Answer: a2"], {
      price: { input: 3, output: 15 },
    });
    const memoryLlm = new ScriptedLlm([" rewritten q2"]);
    const conversation = new Conversation({
      agent: new Agent({ llm: agentLlm }),
      llm: memoryLlm,
      store: new InMemorySessionStore(),
      session: "s",
    });
    expect((await ask(conversation, "q1")).result.cost).toBeGreaterThan(0);
    const second = await ask(conversation, "q2");
    expect(second.result.usage.inputTokens).toBeGreaterThan(0);
    expect(second.result.cost).toBeUndefined();
  });

  it("keeps a rolling summary, updated one turn at a time", async () => {
    const llm = new ScriptedLlm([
      " ok\nFinal Answer: a1",
      "User asked q1; answer a1.",
      " rewritten q2",
      " ok\nFinal Answer: a2",
      "User asked q1 (a1) and q2 (a2).",
    ]);
    const store = new InMemorySessionStore();
    const conversation = new Conversation({
      agent: new Agent({ llm }),
      llm,
      store,
      session: "s",
      history: summaryHistory(llm),
    });
    const firstTurn = await ask(conversation, "q1");
    // The summary call is memory's too, before run-end, and counted in its usage.
    const summaryStart = firstTurn.events.findLastIndex((event) => event.type === "llm-start");
    expect(firstTurn.events[summaryStart]).toMatchObject({
      purpose: "summary",
      prompt: llm.calls[1]?.prompt,
    });
    expect(firstTurn.events.slice(summaryStart).at(-2)).toMatchObject({
      type: "llm-end",
      purpose: "summary",
      completion: "User asked q1; answer a1.",
    });
    expect(firstTurn.events.at(-1)?.type).toBe("run-end");
    expect(firstTurn.result.llmCalls).toBe(2);
    expect(llm.calls[1]?.prompt).toContain(
      "Summary so far:\n(nothing yet)\n\nNew lines of conversation:\nQ: q1\nA: a1\n\nNew summary:",
    );
    await ask(conversation, "q2");
    expect(llm.calls[2]?.prompt).toContain(
      "Chat History:\nSummary of the conversation so far: User asked q1; answer a1.\nFollow Up Input: q2",
    );
    // The second update folds in only the newest turn.
    expect(llm.calls[4]?.prompt).toContain(
      "Summary so far:\nUser asked q1; answer a1.\n\nNew lines of conversation:\nQ: rewritten q2\nA: a2\n\nNew summary:",
    );
    const summaries = (await store.load("s")).records.filter((record) => record.type === "summary");
    expect(summaries.at(-1)).toMatchObject({
      summary: "User asked q1 (a1) and q2 (a2).",
      coveredTurns: 2,
    });
  });
});

describe("history strategies", () => {
  const records = Array.from({ length: 5 }, (_, index) => ({
    type: "turn" as const,
    question: `q${index}`,
    answer: `a${index}`,
    at: "",
  }));

  it("buffer keeps every turn, window the last k, tokens what fits the budget", () => {
    expect(bufferHistory().history(records).split("\n")).toHaveLength(10);
    expect(windowHistory(2).history(records)).toBe("Q: q3\nA: a3\nQ: q4\nA: a4");
    expect(tokenBudgetHistory(8).history(records)).toBe("Q: q3\nA: a3\nQ: q4\nA: a4");
  });

  it("parses --history specs and explains a bad one", () => {
    const llm = new ScriptedLlm([]);
    expect(parseHistoryStrategy("window:3", llm).name).toBe("window:3");
    expect(parseHistoryStrategy("tokens", llm).name).toBe("tokens:2000");
    expect(() => parseHistoryStrategy("window:0", llm)).toThrow(
      "must be a whole number of at least 1",
    );
    expect(() => parseHistoryStrategy("everything", llm)).toThrow(
      "--history must be buffer, window[:turns], tokens[:budget] or summary",
    );
  });
});
