import { describe, expect, it } from "vitest";
import type { AgentEvent, AgentResult } from "../contracts/events.js";
import type { Llm, LlmChunk } from "../contracts/llm.js";
import type { Tool } from "../contracts/tool.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { Agent } from "./react-agent.js";
import { ToolCallingAgent } from "./tool-calling-agent.js";

// Pieces none of which could begin the stop sequence, so each is passed on as it came.
const acting = [" I should", " look it up", "\nAction:", " echo", "\nAction Input:", " four"];
const answering = [" I now know", " the final answer", "\nFinal Answer:", " 4"];

const echo: Tool = { name: "echo", description: "repeats its input", execute: (input) => input };

/** A model that sends each reply in the given pieces, awaiting `before(index)` for all but the first. */
function piecesModel(
  replies: readonly (readonly string[])[],
  before?: (index: number) => Promise<void>,
): Llm {
  let call = 0;
  return {
    provider: "pieces",
    model: "m",
    async *stream(): AsyncGenerator<LlmChunk> {
      const pieces = replies[call++] ?? [];
      for (const [index, text] of pieces.entries()) {
        if (index > 0) await before?.(index);
        yield { type: "text", text };
      }
      yield { type: "finish", reason: "stop", usage: { inputTokens: 10, outputTokens: 5 } };
    },
  };
}

async function readAll(events: AsyncIterable<AgentEvent>) {
  const read: AgentEvent[] = [];
  for await (const event of events) read.push(event);
  return read;
}

const deltas = (events: readonly AgentEvent[]) =>
  events.flatMap((event) => (event.type === "llm-delta" ? [[event.step, event.text]] : []));

/** A result without what differs from one run to the next. */
const comparable = ({ durationMs: _, ...result }: AgentResult) => result;

describe("the deltas a reader sees", () => {
  it("are one llm-delta per piece the model sent, as it sent it, in order, for run and stream alike", async () => {
    const agent = () => new Agent({ llm: piecesModel([acting, answering]), tools: [echo] });
    const expected = [...acting.map((text) => [1, text]), ...answering.map((text) => [2, text])];
    const run = agent().run("q");
    const fromRun = await readAll(run);
    const fromStream = await readAll(agent().stream("q"));
    expect(deltas(fromRun)).toEqual(expected);
    expect(deltas(fromStream)).toEqual(expected);
    // Between its call's start and end, nothing else in between.
    const types = fromRun.map((event) => event.type);
    const start = types.indexOf("llm-start");
    expect(types.slice(start, start + acting.length + 2)).toEqual([
      "llm-start",
      ...acting.map(() => "llm-delta"),
      "llm-end",
    ]);
    expect(fromStream.map((event) => event.type)).toEqual(types);
    expect((await run.result).answer).toBe("4");
  });

  it("reach the reader while the model is still streaming, each before the model's next piece", async () => {
    // The model sends a piece only once the reader has seen the one before: a delta held
    // back until the call ends would leave this run waiting for good.
    let seen = 0;
    let wake: (() => void) | undefined;
    const llm = piecesModel([answering], async (index) => {
      while (seen < index) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    });
    const texts: string[] = [];
    for await (const event of new Agent({ llm }).run("q")) {
      if (event.type !== "llm-delta") continue;
      texts.push(event.text);
      seen++;
      wake?.();
    }
    expect(texts).toEqual(answering);
  });

  it("are the same for the function-calling agent, piece for piece", async () => {
    const llm = new ScriptedLlm([{ text: "Four, as asked." }], { chunkSize: 3 });
    const events = await readAll(new ToolCallingAgent({ llm }).run("q"));
    expect(deltas(events)).toEqual(["Fou", "r, ", "as ", "ask", "ed."].map((text) => [1, text]));
  });
});

describe("invoke, which has no reader for events", () => {
  it("gives the result a run that is read event by event gives", async () => {
    const agent = () => new Agent({ llm: piecesModel([acting, answering]), tools: [echo] });
    const run = agent().run("q");
    await readAll(run);
    expect(comparable(await agent().invoke("q"))).toEqual(comparable(await run.result));
  });

  it("gives the same failure, and the same answer from a batch", async () => {
    const failing = () => new Agent({ llm: new ScriptedLlm([" rambling"]), maxSteps: 1 });
    const run = failing().run("q");
    await readAll(run);
    const invoked = await failing().invoke("q");
    expect(invoked.status).toBe("stopped");
    expect(comparable(invoked)).toEqual(comparable(await run.result));
    const batch = await new Agent({ llm: piecesModel([answering, answering]) }).batch(["a", "b"]);
    expect(batch.map((result) => result.answer)).toEqual(["4", "4"]);
  });
});
