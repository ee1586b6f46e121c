import { describe, expect, it } from "vitest";
import { Agent } from "../agent/react-agent.js";
import { ToolCallingAgent } from "../agent/tool-calling-agent.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import type { ApprovalRequest, Approve } from "./approval.js";
import type { AgentEvent } from "./events.js";
import type { Tool } from "./tool.js";

function recordingTool(name: string, needsApproval: boolean) {
  const inputs: string[] = [];
  const tool: Tool = {
    name,
    description: `${name} things`,
    needsApproval,
    execute: (input) => {
      inputs.push(input);
      return `${name} did ${input}`;
    },
  };
  return { tool, inputs };
}

const act = (tool: string, input: string) => ` I will\nAction: ${tool}\nAction Input: ${input}`;
const answer = " done\nFinal Answer: ok";

async function run(agent: Agent | ToolCallingAgent, options: { approve?: Approve } = {}) {
  const events: AgentEvent[] = [];
  const handle = agent.run("q", options);
  for await (const event of handle) events.push(event);
  return { events, result: await handle.result };
}

const approvals = (events: readonly AgentEvent[]) =>
  events.filter((event) => event.type === "approval");

describe("approval of tool calls", () => {
  it("asks before a tool that needs approval runs; approved, it runs and the decision is an event", async () => {
    const { tool, inputs } = recordingTool("files", true);
    const asked: ApprovalRequest[] = [];
    const llm = new ScriptedLlm([act("files", "write a.txt"), answer]);
    const { events, result } = await run(new Agent({ llm, tools: [tool] }), {
      approve: (request) => {
        asked.push(request);
        return { approved: true };
      },
    });
    expect(result.status).toBe("answered");
    expect(inputs).toEqual(["write a.txt"]);
    expect(asked).toMatchObject([
      { step: 1, tool: "files", input: "write a.txt", needsApproval: true },
    ]);
    expect(approvals(events)).toEqual([
      {
        type: "approval",
        step: 1,
        tool: "files",
        input: "write a.txt",
        decision: "approved",
        asked: true,
      },
    ]);
    const order = events.map((event) => event.type).filter((type) => type !== "llm-delta");
    expect(order.slice(order.indexOf("action"), order.indexOf("observation") + 1)).toEqual([
      "action",
      "approval",
      "tool-start",
      "tool-end",
      "observation",
    ]);
  });

  it("a declined call does not run: the model reads that the user declined, with the note, and the run goes on", async () => {
    const { tool, inputs } = recordingTool("files", true);
    const llm = new ScriptedLlm([act("files", "rm -rf /"), answer]);
    const { events, result } = await run(new Agent({ llm, tools: [tool] }), {
      approve: () => ({ approved: false, note: "  never delete anything  " }),
    });
    expect(inputs).toEqual([]);
    expect(result.status).toBe("answered");
    expect(approvals(events)).toMatchObject([
      { decision: "declined", asked: true, note: "never delete anything" },
    ]);
    expect(events.some((event) => event.type === "tool-start")).toBe(false);
    const observation = events.find((event) => event.type === "observation");
    expect(observation).toMatchObject({
      text: expect.stringContaining("The user declined to run files"),
    });
    expect(observation).toMatchObject({ text: expect.stringContaining("never delete anything") });
    // The next prompt carries it, as any observation.
    expect(llm.calls[1]?.prompt).toContain("Observation: The user declined to run files");
    expect(result.steps[0]?.observation).toContain("never delete anything");
  });

  it("never asks about tools that do not need it, unless the policy says always", async () => {
    const { tool: calculator } = recordingTool("calculator", false);
    const asked: string[] = [];
    const approve: Approve = (request) => {
      asked.push(request.tool);
      return { approved: true };
    };
    await run(
      new Agent({ llm: new ScriptedLlm([act("calculator", "1+1"), answer]), tools: [calculator] }),
      { approve },
    );
    expect(asked).toEqual([]);
    const always = new Agent({
      llm: new ScriptedLlm([act("calculator", "1+1"), answer]),
      tools: [calculator],
      approval: "always",
      approve,
    });
    const { events } = await run(always);
    expect(asked).toEqual(["calculator"]);
    expect(approvals(events)).toHaveLength(1);
  });

  it("policy never runs every call without asking", async () => {
    const { tool, inputs } = recordingTool("files", true);
    const agent = new Agent({
      llm: new ScriptedLlm([act("files", "x"), answer]),
      tools: [tool],
      approval: "never",
      approve: () => {
        throw new Error("must not ask");
      },
    });
    const { events } = await run(agent);
    expect(inputs).toEqual(["x"]);
    expect(approvals(events)).toEqual([]);
  });

  it("with no one to ask, a call that needs approval is declined unasked, and the model is told why", async () => {
    const { tool, inputs } = recordingTool("files", true);
    const llm = new ScriptedLlm([act("files", "x"), answer]);
    const { events, result } = await run(new Agent({ llm, tools: [tool] }));
    expect(inputs).toEqual([]);
    expect(result.status).toBe("answered");
    expect(approvals(events)).toMatchObject([{ decision: "declined", asked: false }]);
    expect(llm.calls[1]?.prompt).toContain("needs the user's approval and there was no one to ask");
  });

  it("does not ask about a call whose input is malformed: the model hears what is wrong first", async () => {
    const asked: string[] = [];
    const typed: Tool<{ path: string }> = {
      name: "files",
      description: "writes",
      needsApproval: true,
      inputSchema: {
        type: "object",
        properties: { path: { type: "string" } },
        required: ["path"],
      },
      execute: ({ path }) => path,
    };
    const llm = new ScriptedLlm([act("files", '{"nope": 1}'), answer]);
    const { events } = await run(new Agent({ llm, tools: [typed as Tool<unknown>] }), {
      approve: (request) => {
        asked.push(request.input);
        return { approved: true };
      },
    });
    expect(asked).toEqual([]);
    expect(events.find((event) => event.type === "tool-end")).toMatchObject({
      error: { code: "tool_input_invalid" },
    });
  });

  it("cancelling the run while it waits for a decision ends it as aborted", async () => {
    const { tool, inputs } = recordingTool("files", true);
    const controller = new AbortController();
    let signalSeen: AbortSignal | undefined;
    const agent = new Agent({ llm: new ScriptedLlm([act("files", "x"), answer]), tools: [tool] });
    const handle = agent.run("q", {
      signal: controller.signal,
      approve: (request) => {
        signalSeen = request.signal;
        controller.abort();
        // Nobody answers.
        return new Promise(() => {});
      },
    });
    const result = await handle.result;
    expect(result.status).toBe("aborted");
    expect(signalSeen?.aborted).toBe(true);
    expect(inputs).toEqual([]);
  });

  it("works the same in the function-calling agent", async () => {
    const { tool, inputs } = recordingTool("files", true);
    const llm = new ScriptedLlm([
      { toolCalls: [{ name: "files", arguments: { input: "a" } }] },
      { toolCalls: [{ name: "files", arguments: { input: "b" } }] },
      "All done.",
    ]);
    let calls = 0;
    const { events, result } = await run(new ToolCallingAgent({ llm, tools: [tool] }), {
      approve: () =>
        calls++ === 0 ? { approved: true, always: true } : { approved: false, note: "enough" },
    });
    expect(result.answer).toBe("All done.");
    expect(inputs).toEqual(["a"]);
    expect(approvals(events)).toMatchObject([
      { decision: "approved", always: true },
      { decision: "declined", note: "enough" },
    ]);
    const toolMessage = llm.calls[2]?.messages?.findLast((message) => message.role === "tool");
    expect(toolMessage?.content).toContain("The user declined to run files");
  });

  it("a run's approve wins over the agent's", async () => {
    const { tool, inputs } = recordingTool("files", true);
    const agent = new Agent({
      llm: new ScriptedLlm([act("files", "x"), answer]),
      tools: [tool],
      approve: () => ({ approved: false }),
    });
    await run(agent, { approve: () => ({ approved: true }) });
    expect(inputs).toEqual(["x"]);
  });
});
