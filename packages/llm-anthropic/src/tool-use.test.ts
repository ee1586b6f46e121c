import { generate, type Tool, ToolCallingAgent } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { failureOf, llmFor, messagesOf } from "./test-support/fake-llm.js";

const calculator: Tool = {
  name: "calculator",
  description: "Useful for when you need to answer questions about math.",
  execute: (input) => (input === "25^(1/2)" ? "5" : `cannot compute ${input}`),
};

const squareRoot = [
  {
    text: "Let me compute.",
    toolCalls: [{ name: "calculator", arguments: '{"input":"25^(1/2)"}' }],
  },
  { text: "The square root of 25 is 5." },
];

describe("native tool use, driven by core's ToolCallingAgent", () => {
  it("sends the system prompt and tools, then the tool_use and its tool_result back", async () => {
    const { llm, fake } = await llmFor(squareRoot);
    const agent = new ToolCallingAgent({ llm, tools: [calculator], system: "Be brief." });
    const result = await agent.invoke("square root of 25?");
    expect(result).toMatchObject({ status: "answered", answer: "The square root of 25 is 5." });
    const [first, second] = fake.requests.map((request) => request.body);
    expect(first?.system).toEqual([{ type: "text", text: "Be brief." }]);
    expect(first?.tools).toEqual([
      {
        name: "calculator",
        description: "Useful for when you need to answer questions about math.",
        input_schema: {
          type: "object",
          properties: { input: { type: "string", description: "the input to the tool" } },
          required: ["input"],
        },
      },
    ]);
    expect(second?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "square root of 25?" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me compute." },
          {
            type: "tool_use",
            id: "toolu_fake_0_0",
            name: "calculator",
            input: { input: "25^(1/2)" },
          },
        ],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_fake_0_0",
            content: "5",
            cache_control: { type: "ephemeral" },
          },
        ],
      },
    ]);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it("assembles parallel tool calls streamed in pieces and answers them in one user turn", async () => {
    const search: Tool = { name: "search", description: "Searches.", execute: () => "sunny" };
    const both = {
      chunkSize: 3,
      toolCalls: [
        { name: "calculator", arguments: '{"input":"25^(1/2)"}' },
        { name: "search", arguments: '{"input":"weather in Oslo"}' },
      ],
    };
    const { llm, fake } = await llmFor([both, both, { text: "5, and sunny." }]);
    const response = await generate(llm, { messages: [{ role: "user", content: "both?" }] });
    expect(response.reason).toBe("tool-calls");
    expect(response.toolCalls).toEqual([
      { id: "toolu_fake_0_0", name: "calculator", arguments: '{"input":"25^(1/2)"}' },
      { id: "toolu_fake_0_1", name: "search", arguments: '{"input":"weather in Oslo"}' },
    ]);
    const result = await new ToolCallingAgent({
      llm,
      tools: [calculator, search],
    }).invoke("both?");
    expect(result.answer).toBe("5, and sunny.");
    const answers = messagesOf(fake.requests.at(-1)).at(-1)?.content ?? [];
    const results = [...answers].map((block) =>
      typeof block === "string" ? [block] : [block.type, block.content],
    );
    expect(results).toEqual([
      ["tool_result", "5"],
      ["tool_result", "sunny"],
    ]);
  });

  it("sends a thinking model's signed thinking back before its tool calls, never shown as text", async () => {
    const { llm, fake } = await llmFor([
      {
        thinking: "The user wants a square root; the calculator does that.",
        text: "Let me compute.",
        toolCalls: [{ name: "calculator", arguments: '{"input":"25^(1/2)"}' }],
      },
      { thinking: "5 it is.", text: "The square root of 25 is 5." },
    ]);
    const run = new ToolCallingAgent({ llm, tools: [calculator] }).run("square root of 25?");
    const deltas: string[] = [];
    for await (const event of run) if (event.type === "llm-delta") deltas.push(event.text);
    const result = await run.result;
    // The fake answers 400, as the API does, when the thinking block does not come back.
    expect(result).toMatchObject({ status: "answered", answer: "The square root of 25 is 5." });
    expect(deltas.join("")).not.toContain("calculator does that");
    expect(messagesOf(fake.requests[1])[1]?.content[0]).toEqual({
      type: "thinking",
      thinking: "The user wants a square root; the calculator does that.",
      signature: "sig_fake_0",
    });
  });

  it("explains a thinking turn sent back without its thinking, in the server's words", async () => {
    const { llm, host } = await llmFor([
      { thinking: "hm", toolCalls: [{ name: "calculator", arguments: "{}" }] },
      { text: "done" },
    ]);
    const first = await generate(llm, { messages: [{ role: "user", content: "q" }] });
    expect(first.toolCalls[0]?.providerData).toEqual({
      anthropic: { thinking: [{ type: "thinking", thinking: "hm", signature: "sig_fake_0" }] },
    });
    const replay = (toolCalls: typeof first.toolCalls) => [
      { role: "user" as const, content: "q" },
      { role: "assistant" as const, content: "", toolCalls },
      { role: "tool" as const, content: "1", toolCallId: first.toolCalls[0]?.id ?? "" },
    ];
    // A host that dropped what the provider put on the call (events do): the API refuses.
    const stripped = first.toolCalls.map(({ providerData: _, ...call }) => call);
    const failure = await failureOf(generate(llm, { messages: replay(stripped) }));
    expect(failure.code).toBe("llm_bad_request");
    expect(failure.message).toMatch(
      new RegExp(
        `^${host} refused the request \\(400\\): messages\\.1\\.content\\.0\\.type: Expected \`thinking\``,
      ),
    );
    await expect(generate(llm, { messages: replay(first.toolCalls) })).resolves.toMatchObject({
      text: "done",
    });
  });
});
