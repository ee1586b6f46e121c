import {
  Agent,
  type PluginNotice,
  ToolCallingAgent,
  type ToolModule,
  toolContractProblem,
} from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import * as plugin from "./index.js";

const TIME = /^\w+day \d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT[+-]\d\d:\d\d \(Asia\/Tokyo\)$/;

async function observations(run: ReturnType<Agent["run"]>) {
  const seen: string[] = [];
  for await (const event of run) if (event.type === "observation") seen.push(event.text);
  return { seen, result: await run.result };
}

describe("the plug-in module", () => {
  it("meets the tool module contract and makes tools that meet the tool contract", () => {
    const module: ToolModule = plugin;
    const tools = plugin.createTools({ env: {} });
    expect(module.description).toBeTruthy();
    expect(plugin.environment.map((variable) => variable.name)).toEqual(["TZ"]);
    expect(tools.map((tool) => [tool.name, toolContractProblem(tool)])).toEqual([
      ["clock", undefined],
      ["days_between", undefined],
    ]);
  });

  it("reads the user's zone from the host's env, not the process's", async () => {
    const [clock] = plugin.createTools({ env: { TZ: "Asia/Tokyo" } });
    expect(await clock?.execute("", { signal: new AbortController().signal })).toMatch(TIME);
  });

  it("says once, through the host's notices, that TZ is no time zone, and still works", async () => {
    const notices: PluginNotice[] = [];
    const tools = plugin.createTools({
      env: { TZ: ":/etc/localtime" },
      onNotice: (notice) => notices.push(notice),
    });
    expect(notices).toEqual([
      {
        level: "warning",
        source: "langchain-mini-tool-clock",
        message:
          "TZ=:/etc/localtime is not an IANA time zone such as Europe/Paris: the clock uses the machine's zone",
      },
    ]);
    const time = await tools[0]?.execute("", { signal: new AbortController().signal });
    expect(time).not.toContain("Unknown time zone");
  });

  it("works in the ReAct agent", async () => {
    const llm = new ScriptedLlm([
      " I need the time.\nAction: clock\nAction Input: Asia/Tokyo",
      " I now know the final answer\nFinal Answer: It is late in Tokyo.",
    ]);
    const tools = plugin.createTools({ env: {} });
    const { seen, result } = await observations(new Agent({ llm, tools }).run("Time in Tokyo?"));
    expect(seen).toEqual([expect.stringMatching(TIME)]);
    expect(result.answer).toBe("It is late in Tokyo.");
  });

  it("works in the function-calling agent, typed arguments and all", async () => {
    const llm = new ScriptedLlm([
      {
        toolCalls: [
          { name: "clock", arguments: { input: "Asia/Tokyo" } },
          { name: "days_between", arguments: { from: "2026-01-01", to: "2026-03-01" } },
        ],
      },
      "It is late in Tokyo, and 59 days.",
    ]);
    const tools = plugin.createTools({ env: {} });
    const run = new ToolCallingAgent({ llm, tools }).run("Time in Tokyo, and days to March?");
    const { seen, result } = await observations(run);
    expect(seen).toEqual([expect.stringMatching(TIME), "59 days from 2026-01-01 to 2026-03-01"]);
    expect(result.answer).toBe("It is late in Tokyo, and 59 days.");
    // The model was shown the typed tool's own schema as the function's parameters.
    const definition = llm.calls[0]?.tools?.find((tool) => tool.name === "days_between");
    expect(definition?.parameters).toMatchObject({ required: ["from"] });
  });
});
