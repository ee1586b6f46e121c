import { afterEach, describe, expect, it, vi } from "vitest";
import { LangchainMiniError } from "../contracts/errors.js";
import type { LlmChunk, LlmRequest } from "../contracts/llm.js";
import { collect, generate } from "../stream/read-llm.js";
import { ScriptedLlm } from "./scripted-llm.js";

async function texts(llm: ScriptedLlm, request: LlmRequest) {
  const chunks: string[] = [];
  for await (const chunk of llm.stream(request)) if (chunk.type === "text") chunks.push(chunk.text);
  return chunks;
}

describe("ScriptedLlm", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("returns replies in order, in chunks, and records every call", async () => {
    const llm = new ScriptedLlm(["first reply", "second"], { chunkSize: 5, model: "m1" });
    const signal = new AbortController().signal;
    expect(await texts(llm, { prompt: "p1", stop: ["X"], maxTokens: 9, signal })).toEqual([
      "first",
      " repl",
      "y",
    ]);
    expect((await generate(llm, { prompt: "p2" })).text).toBe("second");
    expect(llm.calls).toEqual([
      { prompt: "p1", stop: ["X"], maxTokens: 9, signal },
      { prompt: "p2" },
    ]);
    expect(llm.remaining).toBe(0);
    expect([llm.provider, llm.model]).toEqual(["script", "m1"]);
  });

  it("streams in chunks of 8 characters by default and ends with one finish chunk", async () => {
    const chunks: LlmChunk[] = [];
    for await (const chunk of new ScriptedLlm(["0123456789abcdefXY"]).stream({
      prompt: "12345678",
    }))
      chunks.push(chunk);
    expect(chunks).toEqual([
      { type: "text", text: "01234567" },
      { type: "text", text: "89abcdef" },
      { type: "text", text: "XY" },
      { type: "finish", reason: "stop", usage: { inputTokens: 2, outputTokens: 5 } },
    ]);
  });

  it("honours the earliest stop sequence as a real server does, and counts only what it sent", async () => {
    const llm = new ScriptedLlm(["Action: x\nObservation: made up\nFinal Answer: y"]);
    const response = await generate(llm, { prompt: "p", stop: ["\nFinal", "\nObservation:"] });
    expect(response).toEqual({
      text: "Action: x",
      toolCalls: [],
      reason: "stop",
      usage: { inputTokens: 1, outputTokens: 3 },
    });
  });

  it("ignores stop sequences when told to, like servers that drop them", async () => {
    const llm = new ScriptedLlm(["a\nObservation: b", "a\nObservation: b"], {
      honourStop: false,
    });
    const request = { prompt: "p", stop: ["\nObservation:"] };
    // The model sends everything; reading through core cuts it all the same.
    expect((await collect(llm.stream(request))).text).toBe("a\nObservation: b");
    expect((await generate(llm, request)).text).toBe("a");
  });

  it("counts chat messages as the prompt", async () => {
    const llm = new ScriptedLlm(["ok"]);
    const response = await generate(llm, {
      messages: [
        { role: "system", content: "12345678" },
        { role: "user", content: "1234567" },
      ],
    });
    expect(response.usage).toEqual({ inputTokens: 4, outputTokens: 1 });
  });

  it("fails on cue with the given error, and says so when the script runs out", async () => {
    const boom = new LangchainMiniError("llm_rate_limited", "slow down");
    const llm = new ScriptedLlm([{ error: boom }], { source: "answers.json" });
    await expect(generate(llm, { prompt: "p" })).rejects.toBe(boom);
    await expect(generate(llm, { prompt: "p" })).rejects.toMatchObject({
      code: "script_exhausted",
      message: "The scripted LLM has no reply for call 2 in answers.json: add one to the script",
    });
    await expect(generate(new ScriptedLlm([]), { prompt: "p" })).rejects.toThrow(
      "The scripted LLM has no reply for call 1: add one to the script",
    );
    expect(llm.calls).toHaveLength(2);
  });

  it("waits latencyMs before the first chunk and chunkDelayMs between chunks", async () => {
    vi.useFakeTimers();
    const llm = new ScriptedLlm(["abcdef"], { chunkSize: 2, latencyMs: 100, chunkDelayMs: 10 });
    const iterator = llm.stream({ prompt: "p" })[Symbol.asyncIterator]();
    const seen: string[] = [];
    const next = () =>
      iterator.next().then((result) => {
        if (!result.done && result.value.type === "text") seen.push(result.value.text);
      });
    let pending = next();
    await vi.advanceTimersByTimeAsync(99);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(seen).toEqual(["ab"]);
    pending = next();
    await vi.advanceTimersByTimeAsync(9);
    expect(seen).toEqual(["ab"]);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(seen).toEqual(["ab", "cd"]);
  });

  it("lets one reply's delayMs override the latency", async () => {
    vi.useFakeTimers();
    const llm = new ScriptedLlm([{ text: "late", delayMs: 1_000 }, "quick"], { latencyMs: 5 });
    const first = generate(llm, { prompt: "p" });
    await vi.advanceTimersByTimeAsync(999);
    expect(await Promise.race([first.then(() => "done"), Promise.resolve("waiting")])).toBe(
      "waiting",
    );
    await vi.advanceTimersByTimeAsync(1);
    expect((await first).text).toBe("late");
    const second = generate(llm, { prompt: "p" });
    await vi.advanceTimersByTimeAsync(5);
    expect((await second).text).toBe("quick");
  });

  it("stops on abort: before the call, during the wait and between chunks", async () => {
    const aborted = { code: "aborted", message: "The run was cancelled" };
    await expect(
      generate(new ScriptedLlm(["x"]), { prompt: "p", signal: AbortSignal.abort() }),
    ).rejects.toMatchObject(aborted);

    const waiting = new AbortController();
    const slow = generate(new ScriptedLlm([{ text: "slow", delayMs: 60_000 }]), {
      prompt: "p",
      signal: waiting.signal,
    });
    waiting.abort();
    await expect(slow).rejects.toMatchObject(aborted);

    const streaming = new AbortController();
    const llm = new ScriptedLlm(["abcdefgh"], { chunkSize: 2, chunkDelayMs: 1 });
    const received: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of llm.stream({ prompt: "p", signal: streaming.signal })) {
          if (chunk.type === "text") received.push(chunk.text);
          if (received.length === 2) streaming.abort();
        }
      })(),
    ).rejects.toMatchObject(aborted);
    expect(received).toEqual(["ab", "cd"]);
  });
});
