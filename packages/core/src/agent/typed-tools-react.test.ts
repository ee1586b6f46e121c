import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { AgentEvent } from "../contracts/events.js";
import { defineTool, type Tool } from "../contracts/tool.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { Agent } from "./react-agent.js";

/** A zod tool: `execute` gets the parsed value (the default filled in, the text trimmed). */
function forecastTool(received: unknown[]) {
  return defineTool({
    name: "forecast",
    description: "The weather forecast for a city.",
    inputSchema: z.object({
      city: z.string().trim().describe("the city's name"),
      days: z.number().int().min(1).max(7).default(1),
    }),
    execute(input) {
      expectTypeOf(input).toEqualTypeOf<{ city: string; days: number }>();
      received.push(input);
      return `${input.city}: sunny for ${input.days} day(s)`;
    },
  });
}

/** The same kind of tool declared with a plain JSON Schema. */
function sumTool(received: unknown[]) {
  return defineTool<{ a: number; b: number }>({
    name: "sum",
    description: "Adds two numbers.",
    inputSchema: {
      type: "object",
      properties: { a: { type: "number", description: "first" }, b: { type: "number" } },
      required: ["a", "b"],
    },
    execute(input) {
      received.push(input);
      return String(input.a + input.b);
    },
  });
}

const act = (tool: string, input: string) =>
  ` I should act\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

async function collect(agent: Agent, question = "q") {
  const run = agent.run(question);
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return { events, result: await run.result };
}

describe("typed tools in the ReAct agent", () => {
  it("shows a typed tool's arguments in the prompt and passes execute the parsed value", async () => {
    const received: unknown[] = [];
    const llm = new ScriptedLlm([act("forecast", '{"city": " Oslo "}'), answer("Sunny.")]);
    const { result } = await collect(new Agent({ llm, tools: [forecastTool(received)] }));
    expect(result.status).toBe("answered");
    expect(received).toEqual([{ city: "Oslo", days: 1 }]);
    expect(llm.calls[0]?.prompt).toContain(
      [
        "forecast: The weather forecast for a city.",
        '  Action Input: a JSON object {"city": string, "days"?: integer}',
        "    city: the city's name",
        "    days: (default 1)",
      ].join("\n"),
    );
  });

  it("reads JSON as models write it: fenced, single-quoted, trailing commas, a bare value", async () => {
    const received: unknown[] = [];
    const llm = new ScriptedLlm([
      act("sum", "```json\n{'a': 1, 'b': 2,}\n```"),
      act("sum", "{a: 3, b: 4}"),
      act("forecast", "Paris"),
      answer("done"),
    ]);
    const tools = [sumTool(received), forecastTool(received)];
    const { result } = await collect(new Agent({ llm, tools }));
    expect(result.steps.map((step) => step.observation)).toEqual([
      "3",
      "7",
      "Paris: sunny for 1 day(s)",
    ]);
    expect(received).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
      { city: "Paris", days: 1 },
    ]);
  });

  it("feeds a wrong type back as the observation, and the run recovers on the next step", async () => {
    const received: unknown[] = [];
    const llm = new ScriptedLlm([
      act("sum", '{"a": "three", "b": 4}'),
      act("sum", '{"a": 3, "b": 4}'),
      answer("7"),
    ]);
    const { events, result } = await collect(new Agent({ llm, tools: [sumTool(received)] }));
    const observation =
      'Tool sum did not run: the input is invalid: a: expected a number, got "three". Give the input as one JSON object, like {"a": 1, "b": 1}.';
    expect(result).toMatchObject({ status: "answered", answer: "7" });
    expect(result.steps.map((step) => step.observation)).toEqual([observation, "7"]);
    expect(received).toEqual([{ a: 3, b: 4 }]);
    expect(llm.calls[1]?.prompt).toContain(`\nObservation: ${observation}\nThought:`);
    const failed = events.find((event) => event.type === "tool-end");
    expect(failed).toMatchObject({ error: { code: "tool_input_invalid", message: observation } });
  });

  it("feeds back a missing field named with what was expected (zod's words)", async () => {
    const received: unknown[] = [];
    const llm = new ScriptedLlm([
      act("forecast", '{"days": 9}'),
      act("forecast", '{"city": "Rome", "days": 2}'),
      answer("Sunny."),
    ]);
    const { result } = await collect(new Agent({ llm, tools: [forecastTool(received)] }));
    const first = result.steps[0]?.observation ?? "";
    expect(first).toMatch(
      /^Tool forecast did not run: the input is invalid: city: Invalid input: expected string, received undefined; days: Too big: expected number to be <=7/,
    );
    expect(first).toContain('like {"city": "..."}');
    expect(received).toEqual([{ city: "Rome", days: 2 }]);
    expect(result.status).toBe("answered");
  });

  it("feeds back malformed JSON with where it broke, and recovers", async () => {
    const received: unknown[] = [];
    const llm = new ScriptedLlm([
      act("sum", '{"a": 1 "b": 2}'),
      act("sum", '{"a": 1, "b": 2}'),
      answer("3"),
    ]);
    const { result } = await collect(new Agent({ llm, tools: [sumTool(received)] }));
    expect(result.steps[0]?.observation).toBe(
      `Tool sum did not run: the input is not valid JSON (expected ',' or '}' after a value at position 8 (near "\\"b\\": 2}")). Give the input as one JSON object, like {"a": 1, "b": 1}.`,
    );
    expect(result).toMatchObject({ status: "answered", answer: "3" });
    expect(received).toEqual([{ a: 1, b: 2 }]);
  });

  it("leaves text tools exactly as they were", async () => {
    const inputs: string[] = [];
    const echo: Tool = {
      name: "echo",
      description: "repeats its input",
      execute: (input) => {
        inputs.push(input);
        return input;
      },
    };
    const llm = new ScriptedLlm([act("echo", '{"not": "parsed"}'), answer("ok")]);
    const { result } = await collect(new Agent({ llm, tools: [echo] }));
    expect(inputs).toEqual(['{"not": "parsed"}']);
    expect(llm.calls[0]?.prompt).toContain("echo: repeats its input\n\nUse the following format");
    expect(result.status).toBe("answered");
  });

  it("fails the run with what to do when a schema cannot describe itself", async () => {
    const opaque: Tool<{ q: string }> = {
      name: "opaque",
      description: "a tool whose schema library has no JSON Schema",
      inputSchema: {
        "~standard": {
          version: 1,
          vendor: "homemade",
          validate: (value) => ({ value: value as { q: string } }),
        },
      },
      execute: (input) => input.q,
    };
    const { result } = await collect(new Agent({ llm: new ScriptedLlm([]), tools: [opaque] }));
    expect(result.status).toBe("failed");
    expect(result.error?.code).toBe("config_invalid");
    expect(result.error?.message).toContain(
      "Tool opaque: its homemade input schema cannot describe itself as a JSON Schema: give the tool `parameters`",
    );

    const described = {
      ...opaque,
      parameters: { type: "object", properties: { q: { type: "string" } } },
    };
    const llm = new ScriptedLlm([act("opaque", "hello"), answer("ok")]);
    const run = await collect(new Agent({ llm, tools: [described] }));
    expect(run.result.steps[0]?.observation).toBe("hello");
  });
});
