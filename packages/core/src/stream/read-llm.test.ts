import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_TOKENS } from "../agent/agent-base.js";
import { Agent } from "../agent/react-agent.js";
import type { AgentEvent } from "../contracts/events.js";
import type { Llm, LlmChunk, LlmRequest, LlmResponse } from "../contracts/llm.js";
import { collect, generate, readLlm } from "./read-llm.js";

/** A model that never stops and never looks at maxTokens. */
function endlessModel() {
  const requests: LlmRequest[] = [];
  let sent = 0;
  let closed = false;
  const llm: Llm = {
    provider: "endless",
    model: "m",
    async *stream(request) {
      requests.push(request);
      try {
        for (;;) {
          sent++;
          yield { type: "text", text: "Thought: more " } satisfies LlmChunk;
        }
      } finally {
        closed = true;
      }
    },
  };
  return { llm, requests, sent: () => sent, closed: () => closed };
}

/** A model that streams `chunks` and says whether its stream was closed. */
function closingModel(provider: string, chunks: readonly unknown[]) {
  let closed = false;
  const llm: Llm = {
    provider,
    model: "m",
    async *stream() {
      try {
        yield* chunks as LlmChunk[];
      } finally {
        closed = true;
      }
    },
  };
  return { llm, closed: () => closed };
}

type Reader = (llm: Llm, request: LlmRequest) => Promise<LlmResponse>;

// Two ways in, one set of rules: a reader pulling chunks, and the collector taking them as they come.
const readers: [string, Reader][] = [
  ["readLlm", (llm, request) => collect(readLlm(llm, request))],
  ["generate", generate],
];

describe.each(readers)("reading a reply (%s)", (_name, read) => {
  it("cuts a reply that runs far past maxTokens, closing the provider's stream", async () => {
    const model = endlessModel();
    const response = await read(model.llm, { prompt: "p", maxTokens: 100 });
    expect(response.reason).toBe("length");
    // Past the limit by a margin for long tokens (4 × 100 + 256 estimated tokens of 4
    // characters each), not without end.
    expect(response.text.length).toBeGreaterThan(100 * 4);
    expect(response.text.length).toBeLessThan((100 * 4 + 256) * 4 + 100);
    expect(model.closed()).toBe(true);
  });

  it("stops at a stop sequence the provider ignores, closing its stream", async () => {
    const { llm, closed } = closingModel("talkative", [
      { type: "text", text: "Action: a\nAction Input: b\nObser" },
      { type: "text", text: "vation: invented" },
      { type: "text", text: " and more" },
      { type: "finish", reason: "stop" },
    ]);
    const response = await read(llm, { prompt: "p", stop: ["\nObservation:"] });
    expect([response.text, response.reason]).toEqual(["Action: a\nAction Input: b", "stop"]);
    expect(closed()).toBe(true);
  });

  it("ends at once on an abort, even when the provider ignores its signal", async () => {
    let called = () => {};
    const calling = new Promise<void>((resolve) => {
      called = resolve;
    });
    const llm: Llm = {
      provider: "deaf",
      model: "m",
      async *stream() {
        called();
        await new Promise(() => {});
        yield { type: "text", text: "never" };
      },
    };
    const controller = new AbortController();
    const reading = read(llm, { prompt: "p", signal: controller.signal });
    await calling;
    controller.abort();
    await expect(reading).rejects.toMatchObject({ code: "aborted" });
  });

  it("reads a plain iterable of chunks as it always did", async () => {
    const llm: Llm = {
      provider: "plain",
      model: "m",
      stream: () =>
        [
          { type: "text", text: "Final Answer: " },
          { type: "text", text: "whole" },
          { type: "finish", reason: "stop" },
        ] as unknown as AsyncIterable<LlmChunk>,
    };
    const response = await read(llm, { prompt: "p", signal: new AbortController().signal });
    expect([response.text, response.reason]).toEqual(["Final Answer: whole", "stop"]);
  });

  it("calls a stream that ends without its finish chunk broken", async () => {
    const llm: Llm = {
      provider: "quiet",
      model: "m",
      async *stream() {
        yield { type: "text", text: "Final Answer: half" };
      },
    };
    await expect(read(llm, { prompt: "p" })).rejects.toMatchObject({
      code: "llm_stream_broken",
      message: "The quiet stream ended before the reply was finished: try again",
    });
  });

  it("names the provider whose chunk breaks the contract, and closes its stream", async () => {
    const { llm, closed } = closingModel("sloppy", [{ type: "text", text: "fine" }, null]);
    await expect(read(llm, { prompt: "p" })).rejects.toMatchObject({
      code: "config_invalid",
      message: expect.stringContaining("'sloppy' broke the plug-in contract"),
    });
    expect(closed()).toBe(true);
  });
});

describe("the agent's output limit", () => {
  it("sends a default limit, and warns when a reply was cut by it", async () => {
    const model = endlessModel();
    const run = new Agent({ llm: model.llm, maxSteps: 1 }).run("q");
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    expect(model.requests[0]?.maxTokens).toBe(DEFAULT_MAX_TOKENS);
    const end = events.find((event) => event.type === "llm-end");
    expect(end).toMatchObject({ reason: "length" });
    expect(events).toContainEqual({
      type: "warning",
      message: `The model's reply was cut at the output limit of ${DEFAULT_MAX_TOKENS} tokens: what it wrote so far is used; raise the limit (--max-tokens) if replies need more`,
    });
    expect((await run.result).status).not.toBe("answered");
  });
});
