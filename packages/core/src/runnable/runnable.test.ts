import { MissingVariableError } from "@langchain-mini/prompts";
import { describe, expect, it } from "vitest";
import { ReActOutputParser } from "../agent/parser-runnable.js";
import { PromptTemplate } from "../agent/prompt-template.js";
import { Agent } from "../agent/react-agent.js";
import type { Llm, LlmChunk, LlmRequest } from "../contracts/llm.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { LlmRunnable } from "./llm-runnable.js";
import { RunnableLambda } from "./runnable.js";

describe("Runnable", () => {
  it("pipes prompt, LLM and parser: prompt.pipe(llm).pipe(parser)", async () => {
    const llm = new ScriptedLlm([" go\nAction: search\nAction Input: cats\nObservation: lies"]);
    const chain = new PromptTemplate("Question: {question}\nThought:")
      .pipe(new LlmRunnable(llm, { stop: ["\nObservation:"] }))
      .pipe(new ReActOutputParser());
    expect(await chain.invoke({ question: "cats?" })).toEqual({
      type: "action",
      tool: "search",
      input: "cats",
      thought: "go",
    });
    expect(llm.calls[0]?.prompt).toBe("Question: cats?\nThought:");
  });

  it("streams an LLM's text deltas and cuts them at the stop sequence", async () => {
    const llm = new ScriptedLlm(["abcdefSTOPghi"], { chunkSize: 2, honourStop: false });
    const deltas: string[] = [];
    for await (const delta of new LlmRunnable(llm).stream({ prompt: "p", stop: ["STOP"] }))
      deltas.push(delta);
    expect(deltas.join("")).toBe("abcdef");
    expect(deltas.length).toBeGreaterThan(1);
  });

  it("streams the last runnable of a sequence", async () => {
    const llm = new ScriptedLlm(["hello world"], { chunkSize: 4 });
    const chain = new PromptTemplate("{x}").pipe(new LlmRunnable(llm));
    const chunks: string[] = [];
    for await (const chunk of chain.stream({ x: "hi" })) chunks.push(chunk);
    expect(chunks).toEqual(["hell", "o wo", "rld"]);
  });

  it("pipes plain functions", async () => {
    const chain = new RunnableLambda((x: number) => x + 1).pipe((x) => x * 2);
    expect(await chain.invoke(1)).toBe(4);
    expect(await chain.batch([1, 2, 3])).toEqual([4, 6, 8]);
  });

  it("pipes a runnable made by another copy of core (a plug-in's, beside a bundled app)", async () => {
    // Not an instance of this copy's Runnable: only its methods say what it is.
    const elsewhere = {
      invoke: async (x: number) => x * 10,
      async *stream(x: number) {
        yield x * 10;
      },
    } as unknown as RunnableLambda<number, number>;
    const chain = new RunnableLambda((x: number) => x + 1).pipe(elsewhere);
    expect(await chain.invoke(1)).toBe(20);
    const streamed: number[] = [];
    for await (const chunk of chain.stream(2)) streamed.push(chunk);
    expect(streamed).toEqual([30]);
  });

  it("batches with a concurrency limit, in input order", async () => {
    let running = 0;
    let peak = 0;
    const slow = new RunnableLambda(async (x: number) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (4 - x)));
      running--;
      return x * 10;
    });
    expect(await slow.batch([1, 2, 3, 4], { maxConcurrency: 2 })).toEqual([10, 20, 30, 40]);
    expect(peak).toBe(2);
  });

  it("returns exceptions in place when asked, and rejects otherwise", async () => {
    const picky = new RunnableLambda((x: number) => {
      if (x === 2) throw new Error("two");
      return x;
    });
    const results = await picky.batch([1, 2, 3], { returnExceptions: true });
    expect(results[0]).toBe(1);
    expect(results[1]).toBeInstanceOf(Error);
    expect(results[2]).toBe(3);
    await expect(picky.batch([1, 2, 3])).rejects.toThrow("two");
  });

  it("batches agent runs: agent.batch(questions)", async () => {
    const llm = new ScriptedLlm([" ok\nFinal Answer: a", " ok\nFinal Answer: b"]);
    const results = await new Agent({ llm }).batch(["q1", "q2"], { maxConcurrency: 1 });
    expect(results.map((result) => result.answer)).toEqual(["a", "b"]);
  });

  it("streams an agent's events", async () => {
    const llm = new ScriptedLlm([" ok\nFinal Answer: a"]);
    const types: string[] = [];
    for await (const event of new Agent({ llm }).stream("q")) types.push(event.type);
    expect(types[0]).toBe("run-start");
    expect(types.at(-1)).toBe("run-end");
  });
});

/** Answers each ReAct prompt with its own question, after a pause, counting calls in flight. */
class QuestionEchoLlm implements Llm {
  readonly provider = "test";
  readonly model = "question-echo";
  running = 0;
  peak = 0;
  async *stream(request: LlmRequest): AsyncGenerator<LlmChunk> {
    this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const question = /Question: (.*)\nThought:$/.exec(request.prompt ?? "")?.[1];
      yield { type: "text", text: ` I know\nFinal Answer: about ${question}` };
      yield { type: "finish", reason: "stop" };
    } finally {
      this.running--;
    }
  }
}

describe("PromptTemplate", () => {
  const template = new PromptTemplate("Question: {question}\nThought:");

  it("invokes, streams its one output, and batches", async () => {
    expect(template.variables).toEqual(["question"]);
    expect(await template.invoke({ question: "a" })).toBe("Question: a\nThought:");
    const chunks: string[] = [];
    for await (const chunk of template.stream({ question: "b" })) chunks.push(chunk);
    expect(chunks).toEqual(["Question: b\nThought:"]);
    expect(await template.batch([{ question: "c" }, { question: "d" }])).toEqual([
      "Question: c\nThought:",
      "Question: d\nThought:",
    ]);
  });

  it("rejects a missing variable, and returns it in place with returnExceptions", async () => {
    await expect(template.invoke({})).rejects.toThrow(MissingVariableError);
    const results = await template.batch([{ question: "ok" }, {}], { returnExceptions: true });
    expect(results[0]).toBe("Question: ok\nThought:");
    expect(results[1]).toBeInstanceOf(MissingVariableError);
  });
});

describe("LlmRunnable", () => {
  it("takes a prompt or a whole request, merged over its defaults", async () => {
    const llm = new ScriptedLlm(["one", "two"]);
    const runnable = new LlmRunnable(llm, { stop: ["STOP"], maxTokens: 5 });
    const signal = new AbortController().signal;
    expect(await runnable.invoke("p1", { signal })).toBe("one");
    expect(await runnable.invoke({ prompt: "p2", maxTokens: 7 })).toBe("two");
    expect(llm.calls).toEqual([
      { prompt: "p1", stop: ["STOP"], maxTokens: 5, signal },
      { prompt: "p2", stop: ["STOP"], maxTokens: 7, signal: undefined },
    ]);
  });

  it("batches with a concurrency limit and returns failures in place", async () => {
    const llm = new QuestionEchoLlm();
    const prompts = ["a", "b", "c", "d", "e"].map((q) => `Question: ${q}\nThought:`);
    const results = await new LlmRunnable(llm).batch(prompts, { maxConcurrency: 2 });
    expect(results).toEqual(
      ["a", "b", "c", "d", "e"].map((q) => ` I know\nFinal Answer: about ${q}`),
    );
    expect(llm.peak).toBe(2);

    const failing = new ScriptedLlm(["fine", { error: new Error("rate limited") }, "also fine"]);
    const mixed = await new LlmRunnable(failing).batch(["1", "2", "3"], {
      maxConcurrency: 1,
      returnExceptions: true,
    });
    expect(mixed[0]).toBe("fine");
    expect(mixed[1]).toMatchObject({ message: "rate limited" });
    expect(mixed[2]).toBe("also fine");
  });
});

describe("ReActOutputParser", () => {
  it("invokes, streams and batches", async () => {
    const parser = new ReActOutputParser();
    expect(await parser.invoke("Final Answer: 4")).toEqual({
      type: "final-answer",
      answer: "4",
      thought: "",
    });
    const chunks = [];
    for await (const chunk of parser.stream("rambling")) chunks.push(chunk);
    expect(chunks).toEqual([
      { type: "error", message: "Invalid format: missing 'Action:' after 'Thought:'" },
    ]);
    expect(
      (await parser.batch(["Action: a\nAction Input: b", "Final Answer: c"])).map(
        (step) => step.type,
      ),
    ).toEqual(["action", "final-answer"]);
  });
});

describe("pipes and batches of agents", () => {
  it("new PromptTemplate(t).pipe(new LlmRunnable(llm)).pipe(new ReActOutputParser())", async () => {
    // No stop sequence sent and none honoured: the parser still drops the invented part.
    const llm = new ScriptedLlm(
      [" go\nAction: search\nAction Input: dogs\nObservation: lies\nFinal Answer: lies"],
      { honourStop: false },
    );
    const chain = new PromptTemplate("Question: {question}\nThought:")
      .pipe(new LlmRunnable(llm))
      .pipe(new ReActOutputParser());
    expect(await chain.invoke({ question: "dogs?" })).toEqual({
      type: "action",
      tool: "search",
      input: "dogs",
      thought: "go",
    });
  });

  it("agent.batch(questions, { maxConcurrency: 2 }) runs two at a time, answers in order", async () => {
    const llm = new QuestionEchoLlm();
    const questions = ["one", "two", "three", "four", "five"];
    const results = await new Agent({ llm }).batch(questions, { maxConcurrency: 2 });
    expect(results.map((result) => result.answer)).toEqual(questions.map((q) => `about ${q}`));
    expect(results.every((result) => result.status === "answered")).toBe(true);
    expect(llm.peak).toBe(2);
  });

  it("pipes a prompt into an agent and the agent into a function", async () => {
    const llm = new QuestionEchoLlm();
    const chain = new PromptTemplate("Explain {topic} briefly")
      .pipe(new Agent({ llm }))
      .pipe((result) => result.answer ?? result.error?.message);
    expect(await chain.invoke({ topic: "tides" })).toBe("about Explain tides briefly");
  });

  it("passes a batch's signal to every run", async () => {
    const llm = new QuestionEchoLlm();
    const results = await new Agent({ llm }).batch(["a", "b"], { signal: AbortSignal.abort() });
    expect(results.map((result) => result.status)).toEqual(["aborted", "aborted"]);
    expect(llm.peak).toBe(0);
  });
});
