import { describe, expect, it } from "vitest";
import type { Tool, ToolContext } from "../contracts/tool.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { Agent } from "./react-agent.js";

const act = (input: string) => ` I should act\nAction: probe\nAction Input: ${input}`;
const answer = " I now know the final answer\nFinal Answer: done";

/** A tool that records the run context of each call, as a stateful tool (a REPL) reads it. */
function probe() {
  const contexts: ToolContext[] = [];
  const tool: Tool = {
    name: "probe",
    description: "records its calls",
    execute: (_input, context) => {
      contexts.push(context);
      return "ok";
    },
  };
  return { tool, contexts };
}

describe("the run a tool call belongs to", () => {
  it("is the same run, with the run-start id, for every call of one run", async () => {
    const { tool, contexts } = probe();
    const llm = new ScriptedLlm([act("a"), act("b"), answer]);
    const run = new Agent({ llm, tools: [tool] }).run("q");
    let runId: string | undefined;
    for await (const event of run) if (event.type === "run-start") runId = event.runId;
    await run.result;
    expect(contexts).toHaveLength(2);
    expect(contexts[0]?.run?.id).toBe(runId);
    expect(contexts[1]?.run?.id).toBe(runId);
  });

  it("ends when the run answers, and the next run is another one", async () => {
    const { tool, contexts } = probe();
    const agent = new Agent({ llm: new ScriptedLlm([act("a"), answer]), tools: [tool] });
    await agent.invoke("first");
    const first = contexts[0]?.run;
    expect(first?.ended.aborted).toBe(true);
    const second = new Agent({ llm: new ScriptedLlm([act("b"), answer]), tools: [tool] });
    await second.invoke("second");
    expect(contexts[1]?.run?.id).not.toBe(first?.id);
  });

  it("ends while a tool call is still running when the run is cancelled", async () => {
    const controller = new AbortController();
    let ended: AbortSignal | undefined;
    const slow: Tool = {
      name: "probe",
      description: "waits for the run to end",
      execute: (_input, context) => {
        ended = context.run?.ended;
        controller.abort();
        return new Promise<string>(() => {});
      },
    };
    const llm = new ScriptedLlm([act("a"), answer]);
    const result = await new Agent({ llm, tools: [slow] }).invoke("q", {
      signal: controller.signal,
    });
    expect(result.status).toBe("aborted");
    expect(ended?.aborted).toBe(true);
  });
});
