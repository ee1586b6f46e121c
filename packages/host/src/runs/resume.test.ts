import type { Llm, RunRecord, Tool } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { InMemorySessionStore } from "@langchain-mini/memory";
import { afterEach, describe, expect, it } from "vitest";
import { createHost, type Host } from "../create-host.js";
import { tempDir } from "../test-support/temp-dir.js";
import { listRuns } from "./run-list.js";

// The library's side of run journals, as a server would use it: a run pauses for a
// person, another session (another request, another process sharing the store) records
// the decision and takes it up; a run a live session holds is never taken up twice.

const KEY = "sk-acme-4c1f2b9e8d7a6f5e4d3c2b1a";
const act = (tool: string, input: string) =>
  ` I will use it.\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

function open(store: InMemorySessionStore, llm: Llm, tools: Tool[], approval = "pause") {
  const directory = tempDir();
  const host = createHost({
    env: { ACME_API_KEY: KEY, LANGCHAIN_MINI_HOME: directory },
    cwd: directory,
  });
  hosts.push(host);
  return host.openSession({ llm, tools, store, approval });
}

function sender() {
  const sent: string[] = [];
  const tool: Tool = {
    name: "send",
    description: "sends a message",
    needsApproval: true,
    execute: (input) => {
      sent.push(input);
      return `sent ${input} with ${KEY}`;
    },
  };
  return { tool, sent };
}

async function recordsOf(store: InMemorySessionStore, runId: string): Promise<RunRecord[]> {
  return [...(await store.runs.load(runId)).records];
}

describe("runs through the host", () => {
  it("pause for a person, and go on in another session once they approve", async () => {
    const store = new InMemorySessionStore();
    const first = sender();
    const session = await open(store, new ScriptedLlm([act("send", "hello")]), [first.tool]);
    const run = session.ask("Say hello");
    let runId = "";
    for await (const event of run) if (event.type === "run-start") runId = event.runId;
    const paused = await run.result;
    expect(paused.status).toBe("paused");
    expect(first.sent).toEqual([]);
    const [listed] = await listRuns(store.runs);
    expect(listed).toMatchObject({
      runId,
      status: "paused",
      question: "Say hello",
      waitingOn: { tool: "send", input: "hello" },
    });

    const second = sender();
    const other = await open(store, new ScriptedLlm([answer("said hello")]), [second.tool]);
    const resumed = await other.resume(runId, { decision: { approved: true, by: "ada@desk" } });
    const events = [];
    for await (const event of resumed) events.push(event);
    const result = await resumed.result;
    expect(result).toMatchObject({ status: "answered", answer: "said hello", llmCalls: 2 });
    expect(second.sent).toEqual(["hello"]);
    expect(events).toContainEqual(expect.objectContaining({ type: "resumed", replayedCalls: 1 }));
    const records = await recordsOf(store, runId);
    expect(records).toContainEqual(
      expect.objectContaining({ type: "decision", approved: true, by: "ada@desk", asked: true }),
    );
    expect(records.at(-1)).toMatchObject({ type: "end", status: "answered" });
    // The tool's output held the key: the journal holds it blanked.
    expect(JSON.stringify(records)).not.toContain(KEY);
    expect((await listRuns(store.runs))[0]?.status).toBe("answered");
  });

  it("gives a denial's note to the model, through the paused run itself", async () => {
    const store = new InMemorySessionStore();
    const { tool, sent } = sender();
    const llm = new ScriptedLlm([act("send", "hello"), answer("did not send")]);
    const session = await open(store, llm, [tool]);
    const run = session.ask("Say hello");
    expect((await run.result).status).toBe("paused");
    const calculator: Tool = { name: "calculator", description: "adds", execute: () => "2" };
    const elsewhere = await open(store, new ScriptedLlm([answer("x")]), [calculator]);
    await expect(elsewhere.resume(run.runId)).rejects.toThrow(
      /started with the tools \[send\], this session has \[calculator\]/,
    );
    const resumed = await run.deny({ note: "use the cached copy" });
    expect(resumed.runId).toBe(run.runId);
    expect((await resumed.result).status).toBe("answered");
    expect(sent).toEqual([]);
    expect(llm.calls[1]?.prompt).toContain("They said: use the cached copy");
    await expect(run.approve()).rejects.toThrow(/was answered already/);
  });

  it("never takes up a run that a live session holds, nor one that was answered", async () => {
    const store = new InMemorySessionStore();
    let release = () => {};
    const held = new Promise<string>((resolve) => {
      release = () => resolve("done");
    });
    const slow: Tool = { name: "slow", description: "waits", execute: () => held };
    const session = await open(store, new ScriptedLlm([act("slow", "x"), answer("ok")]), [slow]);
    const run = session.ask("Wait");
    let runId = "";
    for await (const event of run) {
      if (event.type === "run-start") runId = event.runId;
      if (event.type === "tool-start") break;
    }
    const other = await open(store, new ScriptedLlm([answer("twice")]), [slow]);
    await expect(other.resume(runId)).rejects.toMatchObject({ code: "run_busy" });
    expect((await listRuns(store.runs))[0]?.status).toBe("running");
    release();
    expect((await run.result).status).toBe("answered");
    await expect(other.resume(runId)).rejects.toThrow(/was answered already/);
    const { tool } = sender();
    const stranger = await open(store, new ScriptedLlm([answer("x")]), [tool]);
    await expect(stranger.resume("no-such-run")).rejects.toMatchObject({ code: "run_not_found" });
  });
});
