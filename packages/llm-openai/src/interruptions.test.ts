import { Agent, type AgentEvent, generate } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { failureOf, llmFor } from "./test-support/fake-llm.js";

describe("replies that stall, break off or are cancelled", () => {
  it("gives up on a server that never answers, and on a stream that stalls", async () => {
    const silent = await llmFor([{ hang: true }], { timeoutMs: 200 });
    const failure = await failureOf(generate(silent.llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_timeout",
      message: `${silent.host} sent nothing for 0.2 s: check the server, or raise OPENAI_TIMEOUT_MS`,
    });
    // Never retried. On a busy machine the request may be cut before the server has read it.
    expect(silent.fake.requests.length).toBeLessThanOrEqual(1);
    const stalled = await llmFor(
      [{ text: "Final Answer: slow", chunkSize: 5, chunkDelayMs: 2_000 }],
      {
        timeoutMs: 200,
      },
    );
    const stall = await failureOf(generate(stalled.llm, { prompt: "p" }));
    expect(stall.code).toBe("llm_timeout");
  });

  it("never takes a stream that broke half-way as an answer", async () => {
    const { llm } = await llmFor([
      { text: "Final Answer: this reply will be cut", chunkSize: 4, disconnectAfter: 3 },
    ]);
    const result = await new Agent({ llm }).invoke("q");
    expect(result.status).toBe("failed");
    expect(result.answer).toBeUndefined();
    expect(result.error?.code).toBe("llm_stream_broken");
  });

  it("reports an abort in the middle of a stream as an abort, not a short answer", async () => {
    const { llm } = await llmFor([
      { text: "Final Answer: a long and slow reply", chunkSize: 2, chunkDelayMs: 20 },
    ]);
    const controller = new AbortController();
    const run = new Agent({ llm }).run("q", { signal: controller.signal });
    const events: AgentEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type === "llm-delta") controller.abort();
    }
    const result = await run.result;
    expect(result.status).toBe("aborted");
    expect(result.answer).toBeUndefined();
    expect(result.error).toEqual({ code: "aborted", message: "The run was cancelled" });
    expect(events.some((event) => event.type === "final-answer")).toBe(false);
  });

  it("reports an abort as an abort at the provider too, where the SDK just ends the stream", async () => {
    const { llm } = await llmFor([
      { text: "Final Answer: a long and slow reply", chunkSize: 2, chunkDelayMs: 20 },
    ]);
    const controller = new AbortController();
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const chunk of llm.stream({ prompt: "p", signal: controller.signal })) {
        chunks.push(chunk.type);
        if (chunk.type === "text") controller.abort();
      }
    })();
    const failure = await failureOf(reading);
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "aborted",
      message: "The run was cancelled",
    });
    expect(chunks).not.toContain("finish");
  });

  it("stops waiting for a retry when the run is cancelled", async () => {
    const { llm, fake } = await llmFor([
      { status: 429, error: { message: "later" }, headers: { "retry-after-ms": "30000" } },
    ]);
    const controller = new AbortController();
    const pending = failureOf(generate(llm, { prompt: "p", signal: controller.signal }));
    // The 429 is on its way: the SDK is (or is about to be) waiting 30 s before it retries.
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect((await pending).code).toBe("aborted");
    expect(fake.requests).toHaveLength(1);
  });
});
