import { describe, expect, it } from "vitest";
import type { ApprovalDecision } from "../contracts/approval.js";
import type { AgentEvent } from "../contracts/events.js";
import type { LlmRequest } from "../contracts/llm.js";
import type { RunRecord } from "../contracts/run-journal.js";
import type { Tool } from "../contracts/tool.js";
import { ScriptedLlm, type ScriptedReply } from "../testing/scripted-llm.js";
import type { AgentRunOptions } from "./agent-base.js";
import { Agent } from "./react-agent.js";
import { ToolCallingAgent } from "./tool-calling-agent.js";

const PRICE = { input: 1, output: 2 };
const TODAY = "Friday, November 27, 2026";

/** A tool that counts its executions: what a resumed run must not repeat. */
function countingTool(options: Partial<Tool> = {}) {
  const executed: string[] = [];
  const tool: Tool = {
    name: "lookup",
    description: "looks a word up",
    execute: (input) => {
      executed.push(input);
      return `the meaning of ${input}`;
    },
    ...options,
  };
  return { tool, executed };
}

const act = (input: string) => ` I should look it up\nAction: lookup\nAction Input: ${input}`;
const REACT_SCRIPT: ScriptedReply[] = [
  act("alpha"),
  act("beta"),
  act("gamma"),
  " I now know the final answer\nFinal Answer: alpha, beta and gamma",
];
const call = (id: string, input: string) => ({
  toolCalls: [{ id, name: "lookup", arguments: { input } }],
});
const TOOLS_SCRIPT: ScriptedReply[] = [
  call("c1", "alpha"),
  call("c2", "beta"),
  { text: "alpha and beta" },
];

type Mode = "react" | "tools";

function agentFor(mode: Mode, llm: ScriptedLlm, tools: Tool[], approval?: "always") {
  const options = { llm, tools, today: TODAY, ...(approval ? { approval } : {}) };
  return mode === "react" ? new Agent(options) : new ToolCallingAgent(options);
}

async function runWith(
  mode: Mode,
  replies: readonly ScriptedReply[],
  tools: Tool[],
  options: AgentRunOptions & { approval?: "always" } = {},
) {
  const llm = new ScriptedLlm(replies, { price: PRICE });
  const records: RunRecord[] = [];
  const events: AgentEvent[] = [];
  const run = agentFor(mode, llm, tools, options.approval).run("What do they mean?", {
    ...options,
    journal: {
      write: async (record) => {
        records.push(structuredClone(record));
      },
      ...(options.journal?.recorded ? { recorded: options.journal.recorded } : {}),
    },
  });
  for await (const event of run) events.push(event);
  return { result: await run.result, records, events, calls: llm.calls };
}

/** A request as it goes out: its signal is the run's own. */
const sent = ({ signal: _, ...request }: LlmRequest) => request;

const stepRecords = (records: readonly RunRecord[]) =>
  records.filter((record) => record.type !== "start" && record.type !== "end");

describe.each<[Mode, ScriptedReply[]]>([
  ["react", REACT_SCRIPT],
  ["tools", TOOLS_SCRIPT],
])("a journaled %s run", (mode, script) => {
  it("keeps each completion before its tool runs and each result before the next call", async () => {
    const { tool } = countingTool();
    const order: string[] = [];
    const watched: Tool = {
      ...tool,
      execute: (input, context) => {
        order.push(`tool ${input}`);
        return tool.execute(input, context);
      },
    };
    const llm = new ScriptedLlm(script);
    const run = agentFor(mode, llm, [watched]).run("q", {
      journal: {
        write: async (record) => {
          order.push(`${record.type} ${llm.calls.length}`);
        },
      },
    });
    await run.result;
    expect(order.slice(0, 4)).toEqual(["llm 1", "tool-start 1", "tool alpha", "tool-end 1"]);
    expect(order.at(-1)).toBe(`llm ${script.length}`);
  });

  it("makes no LLM call before the run's start is kept", async () => {
    const { tool } = countingTool();
    const llm = new ScriptedLlm(script);
    let keep = () => {};
    const started: unknown[] = [];
    const run = agentFor(mode, llm, [tool]).run("q", {
      runId: "run-7",
      journal: {
        write: async () => {},
        start: (start) => {
          started.push(start);
          return new Promise<void>((resolve) => {
            keep = resolve;
          });
        },
      },
    });
    const events = run[Symbol.asyncIterator]();
    expect((await events.next()).value).toMatchObject({ type: "run-start", runId: "run-7" });
    expect(started).toEqual([{ runId: "run-7", question: "q", tools: ["lookup"] }]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(llm.calls).toHaveLength(0);
    keep();
    expect((await run.result).status).toBe("answered");
    expect(llm.calls).toHaveLength(script.length);
  });

  it("resumed from any point, ends as the whole run does without repeating a recorded call", async () => {
    const whole = countingTool();
    const full = await runWith(mode, script, [whole.tool]);
    expect(full.result.status).toBe("answered");
    const kept = stepRecords(full.records);
    for (let cut = 0; cut < kept.length; cut++) {
      const recorded = kept.slice(0, cut);
      const done = recorded.filter((record) => record.type === "llm").length;
      const resumed = countingTool();
      const again = await runWith(mode, script.slice(done), [resumed.tool], {
        runId: "run-1",
        journal: { write: async () => {}, recorded },
      });
      expect(again.result.status, `cut after ${cut} records`).toBe("answered");
      expect(again.result.answer).toBe(full.result.answer);
      // The live calls are exactly the ones the whole run made after the cut, byte for byte.
      expect(again.calls.map(sent)).toEqual(full.calls.slice(done).map(sent));
      // Usage and cost add up across the interruption.
      expect(again.result.usage).toEqual(full.result.usage);
      expect(again.result.cost).toBeCloseTo(full.result.cost ?? Number.NaN, 12);
      expect(again.result.llmCalls).toBe(full.result.llmCalls);
      // A tool whose result was kept is not run again; a read-only one cut short may be.
      const results = recorded.filter((record) => record.type === "tool-end").length;
      const cutShort = recorded.at(-1)?.type === "tool-start";
      expect(resumed.executed.length).toBe(whole.executed.length - results);
      expect(again.events[0]).toMatchObject({ type: "run-start", runId: "run-1" });
      expect(again.events.filter((event) => event.type === "resumed")).toEqual([
        { type: "resumed", replayedCalls: done },
      ]);
      // The resumed run journals only what it did live.
      expect([...recorded, ...stepRecords(again.records)]).toEqual(
        cutShort ? [...kept.slice(0, cut), ...kept.slice(cut - 1)] : kept,
      );
    }
  });

  it("asks again before running a side-effect tool that was cut short", async () => {
    const first = countingTool({ sideEffects: true });
    const full = await runWith(mode, script, [first.tool]);
    const recorded = stepRecords(full.records).slice(0, 2);
    expect(recorded.map((record) => record.type)).toEqual(["llm", "tool-start"]);
    const asked: string[] = [];
    const again = countingTool({ sideEffects: true });
    const resumed = await runWith(mode, script.slice(1), [again.tool], {
      journal: { write: async () => {}, recorded },
      approve: (request) => {
        asked.push(request.input);
        return { approved: false, note: "it already ran" };
      },
    });
    expect(asked).toEqual(["alpha"]);
    expect(again.executed).not.toContain("alpha");
    expect(again.executed).toContain("beta");
    expect(resumed.events).toContainEqual(
      expect.objectContaining({
        type: "warning",
        message: expect.stringMatching(/may have acted/),
      }),
    );
    const unasked = countingTool({ sideEffects: true });
    const declined = await runWith(mode, script.slice(1), [unasked.tool], {
      journal: { write: async () => {}, recorded },
    });
    expect(unasked.executed).not.toContain("alpha");
    expect(declined.events).toContainEqual(
      expect.objectContaining({ type: "approval", decision: "declined", asked: false }),
    );
  });

  it("pauses for a person, and goes on from the journal with the decision they gave", async () => {
    const gated = countingTool({ needsApproval: true });
    const pause = (): ApprovalDecision => ({ approved: false, pause: true });
    const paused = await runWith(mode, script, [gated.tool], { approve: pause });
    expect(paused.result.status).toBe("paused");
    expect(paused.result.error?.code).toBe("run_paused");
    expect(gated.executed).toEqual([]);
    const recorded = stepRecords(paused.records);
    expect(recorded.map((record) => record.type)).toEqual(["llm", "pause"]);
    const decision: RunRecord = {
      type: "decision",
      step: 1,
      tool: "lookup",
      input: "alpha",
      approved: false,
      asked: true,
      note: "use the dictionary instead",
      by: "ada@lab",
      at: new Date().toISOString(),
    };
    const resumed = await runWith(mode, script.slice(1), [gated.tool], {
      journal: { write: async () => {}, recorded: [...recorded, decision] },
      approve: () => ({ approved: true }),
    });
    expect(resumed.result.status).toBe("answered");
    expect(gated.executed).toEqual(mode === "react" ? ["beta", "gamma"] : ["beta"]);
    expect(JSON.stringify(resumed.calls[0])).toContain("use the dictionary instead");
  });
});

it("says clearly when a journal does not match the run replaying it", async () => {
  const { tool } = countingTool();
  const recorded: RunRecord[] = [
    { type: "llm", step: 1, completion: act("alpha"), reason: "stop" },
    { type: "tool-start", step: 1, tool: "other", input: "alpha" },
  ];
  const resumed = await runWith("react", REACT_SCRIPT.slice(1), [tool], {
    journal: { write: async () => {}, recorded },
  });
  expect(resumed.result.status).toBe("failed");
  expect(resumed.result.error).toMatchObject({ code: "journal_mismatch" });
  expect(resumed.result.error?.message).toMatch(/does not match the run at step 1/);
});
