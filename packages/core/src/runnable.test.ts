import { describe, expect, it } from "vitest";
import { LlmRunnable } from "./llm-runnable.js";
import { ReActOutputParser } from "./parser-runnable.js";
import { PromptTemplate } from "./prompt-template.js";
import { Agent } from "./react-agent.js";
import { RunnableLambda } from "./runnable.js";
import { ScriptedLlm } from "./testing/scripted-llm.js";

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
