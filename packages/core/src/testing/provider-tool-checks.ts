import assert from "node:assert/strict";
import { ToolCallingAgent } from "../agent/tool-calling-agent.js";
import type { Tool } from "../contracts/tool.js";
import { generate } from "../stream/read-llm.js";
import { withProvider } from "./provider-check-kit.js";
import type { ProviderCheck, ProviderContractOptions } from "./provider-contract-options.js";

const ARGUMENTS = '{"input":"25^(1/2)"}';
/** A result no prompt holds by chance: seen in a request, it was sent back. */
const RESULT = "5 (result #4821)";
const CALLING = {
  text: "Let me compute.",
  chunkSize: 3,
  toolCalls: [{ name: "calculator", arguments: ARGUMENTS }],
};
const ANSWER = { text: "The square root of 25 is 5.", chunkSize: 6 };

/** The function-calling scenario, for providers whose capabilities include tools. */
export function toolChecks(options: ProviderContractOptions): ProviderCheck[] {
  const { name } = options;
  const inputs: string[] = [];
  const calculator: Tool = {
    name: "calculator",
    description: "Useful for when you need to answer questions about math.",
    execute: (input) => {
      inputs.push(input);
      return input === "25^(1/2)" ? RESULT : `cannot compute ${input}`;
    },
  };
  return [
    {
      name: "assembles a tool call streamed in pieces, and finishes with reason tool-calls",
      run: () =>
        withProvider(options, [CALLING], async (llm) => {
          const tools = [
            { name: "calculator", description: "Math.", parameters: { type: "object" } },
          ];
          const response = await generate(llm, {
            messages: [{ role: "user", content: "What is the square root of 25?" }],
            tools,
          });
          assert.equal(response.reason, "tool-calls");
          assert.deepEqual(
            response.toolCalls.map((call) => [call.name, call.arguments]),
            [["calculator", ARGUMENTS]],
          );
          assert.ok(response.toolCalls[0]?.id, `${name}: the call has an id`);
        }),
    },
    {
      name: "runs the function-calling agent: a tool call, its result sent back, then the answer",
      run: () =>
        withProvider(options, [CALLING, ANSWER], async (llm, server) => {
          inputs.length = 0;
          const run = new ToolCallingAgent({ llm, tools: [calculator] }).run("Square root of 25?");
          const types: string[] = [];
          for await (const event of run) if (event.type !== "llm-delta") types.push(event.type);
          const result = await run.result;
          assert.deepEqual([result.status, result.answer], ["answered", ANSWER.text]);
          assert.deepEqual(inputs, ["25^(1/2)"]);
          assert.deepEqual(result.steps, [
            { tool: "calculator", input: "25^(1/2)", thought: CALLING.text, observation: RESULT },
          ]);
          assert.deepEqual(types, [
            ...["run-start", "llm-start", "llm-end", "action", "tool-start", "tool-end"],
            ...["observation", "llm-start", "llm-end", "final-answer", "run-end"],
          ]);
          assert.ok(result.usage.inputTokens > 0, `${name}: usage`);
          if (!options.http) return;
          const bodies = server.requests.map((request) => request.body);
          assert.equal(bodies.length, 2);
          assert.ok(!bodies[0]?.includes(RESULT) && bodies[1]?.includes(RESULT), "result sent");
        }),
    },
  ];
}
