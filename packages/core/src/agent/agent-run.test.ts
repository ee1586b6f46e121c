import { describe, expect, it } from "vitest";
import type { AgentEvent, AgentResult } from "../contracts/events.js";
import { type AgentRun, type Emit, forwardRun, startRun } from "./agent-run.js";

const RESULT = { status: "answered", answer: "42" } as unknown as AgentResult;
const warning = (message: string): AgentEvent => ({ type: "warning", message });

/** A run that emits `before` at once, then `after` once `go` is called, then ends. */
function gatedRun(before: string[], after: string[]) {
  let go = () => {};
  const gate = new Promise<void>((resolve) => {
    go = resolve;
  });
  const run = startRun(async (emit) => {
    for (const message of before) emit(warning(message));
    await gate;
    for (const message of after) emit(warning(message));
    return RESULT;
  });
  return { run, go };
}

const messages = (events: AgentEvent[]) =>
  events.map((event) => (event.type === "warning" ? event.message : event.type));

describe("forwardRun", () => {
  it("passes on the events buffered before it and those after, in order, then the result", async () => {
    const { run, go } = gatedRun(["a", "b"], ["c", "d"]);
    const seen: AgentEvent[] = [];
    const forwarded = forwardRun(run, (event) => seen.push(event));
    expect(messages(seen)).toEqual(["a", "b"]);
    go();
    await expect(forwarded).resolves.toBe(RESULT);
    expect(messages(seen)).toEqual(["a", "b", "c", "d"]);
  });

  it("hands each event to the wrapper while the run emits it, so wrappers add no queue", async () => {
    let emitted: Emit = () => {};
    const run = startRun(
      (emit) =>
        new Promise<AgentResult>((resolve) => {
          emitted = emit;
          setImmediate(() => resolve(RESULT));
        }),
    );
    const seen: AgentEvent[] = [];
    const forwarded = forwardRun(run, (event) => seen.push(event));
    emitted(warning("now"));
    // Synchronously: no await between the run's emit and the wrapper's hand.
    expect(messages(seen)).toEqual(["now"]);
    await forwarded;
  });

  it("gives a wrapper's own failure at once, drops later events, and the run goes on", async () => {
    const { run, go } = gatedRun(["fine"], ["breaks", "dropped"]);
    const seen: AgentEvent[] = [];
    const forwarded = forwardRun(run, (event) => {
      if (event.type === "warning" && event.message === "breaks") throw new Error("disk full");
      seen.push(event);
    });
    go();
    await expect(forwarded).rejects.toThrow("disk full");
    expect(messages(seen)).toEqual(["fine"]);
    await expect(run.result).resolves.toBe(RESULT);
  });

  it("gives the run's own failure after its events", async () => {
    const run = startRun(async (emit) => {
      emit(warning("last words"));
      throw new Error("the LLM failed");
    });
    const seen: AgentEvent[] = [];
    await expect(forwardRun(run, (event) => seen.push(event))).rejects.toThrow("the LLM failed");
    expect(messages(seen)).toEqual(["last words"]);
  });

  it("reads a run it did not make, as any reader would", async () => {
    const events = [warning("x"), warning("y")];
    const foreign: AgentRun = {
      result: Promise.resolve(RESULT),
      async *[Symbol.asyncIterator]() {
        yield* events;
      },
    };
    const seen: AgentEvent[] = [];
    await expect(forwardRun(foreign, (event) => seen.push(event))).resolves.toBe(RESULT);
    expect(messages(seen)).toEqual(["x", "y"]);
  });

  it("leaves a run that nobody forwards iterable as before", async () => {
    const { run, go } = gatedRun(["a"], ["b"]);
    go();
    const seen: AgentEvent[] = [];
    for await (const event of run) seen.push(event);
    expect(messages(seen)).toEqual(["a", "b"]);
  });
});
