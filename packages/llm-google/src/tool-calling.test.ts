import { generate, type Tool, ToolCallingAgent } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { failureOf, llmFor } from "./test-support/fake-llm.js";
import type { RecordedRequest } from "./testing/fake-gemini-server.js";

const calculator: Tool = {
  name: "calculator",
  description: "Useful for when you need to answer questions about math.",
  execute: (input) => (input === "25^(1/2)" ? "5" : `cannot compute ${input}`),
};

const contentsOf = (request: RecordedRequest | undefined) =>
  request?.body.contents as { role: string; parts: Record<string, unknown>[] }[];

describe("native function calling, through the real SDK", () => {
  it("sends the tools, then the call with Gemini 3's thought signature and its response back", async () => {
    const { llm, fake } = await llmFor([
      {
        text: "Let me compute.",
        functionCalls: [{ name: "calculator", args: { input: "25^(1/2)" } }],
      },
      { text: "The square root of 25 is 5." },
    ]);
    const run = new ToolCallingAgent({ llm, tools: [calculator], today: "Monday" }).run(
      "square root of 25?",
    );
    const serialised: string[] = [];
    for await (const event of run) serialised.push(JSON.stringify(event));
    const result = await run.result;
    expect(result).toMatchObject({ status: "answered", answer: "The square root of 25 is 5." });
    const [first, second] = fake.requests;
    expect(first?.body.systemInstruction).toEqual({
      parts: [{ text: expect.stringContaining("Today is Monday.") }],
    });
    expect(first?.body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: "calculator",
            description: "Useful for when you need to answer questions about math.",
            parametersJsonSchema: {
              type: "object",
              properties: { input: { type: "string", description: "the input to the tool" } },
              required: ["input"],
            },
          },
        ],
      },
    ]);
    // The fake, like Gemini 3, refuses a follow-up whose function call lost its signature.
    expect(contentsOf(second)).toEqual([
      { role: "user", parts: [{ text: "square root of 25?" }] },
      {
        role: "model",
        parts: [
          { text: "Let me compute." },
          {
            functionCall: { name: "calculator", args: { input: "25^(1/2)" } },
            thoughtSignature: expect.any(String),
          },
        ],
      },
      {
        role: "user",
        parts: [{ functionResponse: { name: "calculator", response: { output: "5" } } }],
      },
    ]);
    // The signature is the provider's business: no event carries it.
    expect(serialised.join("\n")).not.toContain("thoughtSignature");
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it("answers parallel calls in one turn, and returns the ids Gemini gave", async () => {
    const { llm, fake } = await llmFor([
      {
        text: "",
        functionCalls: [
          { name: "calculator", args: { input: "25^(1/2)" }, id: "gemini-a" },
          { name: "calculator", args: { input: "2+2" }, id: "gemini-b" },
        ],
      },
      { text: "5 and 4." },
    ]);
    const result = await new ToolCallingAgent({ llm, tools: [calculator] }).invoke("both?");
    expect(result.answer).toBe("5 and 4.");
    const contents = contentsOf(fake.requests[1]);
    expect(contents[1]?.parts.map((part) => part.functionCall)).toEqual([
      { name: "calculator", args: { input: "25^(1/2)" }, id: "gemini-a" },
      { name: "calculator", args: { input: "2+2" }, id: "gemini-b" },
    ]);
    expect(contents[2]).toEqual({
      role: "user",
      parts: [
        { functionResponse: { name: "calculator", response: { output: "5" }, id: "gemini-a" } },
        {
          functionResponse: {
            name: "calculator",
            response: { output: "cannot compute 2+2" },
            id: "gemini-b",
          },
        },
      ],
    });
  });

  it("makes up unique ids when Gemini gives none, and sends none of them", async () => {
    const call = { name: "calculator", args: { input: "25^(1/2)" } };
    const { llm, fake } = await llmFor([
      { text: "", functionCalls: [call] },
      { text: "", functionCalls: [call] },
      { text: "Five." },
    ]);
    const run = new ToolCallingAgent({ llm, tools: [calculator] }).run("twice?");
    const ids = new Set<string>();
    for await (const event of run) {
      if (event.type !== "llm-start") continue;
      for (const message of event.messages ?? [])
        if (message.role === "tool") ids.add(message.toolCallId);
    }
    expect((await run.result).answer).toBe("Five.");
    expect(ids.size).toBe(2);
    expect(JSON.stringify(fake.requests[2]?.body)).not.toContain('"id"');
  });

  it("explains the refusal when a function call goes back without its thought signature", async () => {
    const { llm, host } = await llmFor([{ text: "never sent" }]);
    const failure = await failureOf(
      generate(llm, {
        messages: [
          { role: "user", content: "2+2?" },
          {
            role: "assistant",
            content: "",
            toolCalls: [{ id: "c1", name: "calculator", arguments: '{"input":"2+2"}' }],
          },
          { role: "tool", content: "4", toolCallId: "c1" },
        ],
      }),
    );
    expect(failure.code).toBe("llm_bad_request");
    expect(failure.message).toMatch(
      new RegExp(
        `^${host} refused the request \\(400 INVALID_ARGUMENT\\): Function call is missing a thought_signature in functionCall parts\\. .*default_api:calculator`,
      ),
    );
  });

  it("needs no signature for models before Gemini 3", async () => {
    const { llm, fake } = await llmFor(
      [
        { text: "", functionCalls: [{ name: "calculator", args: { input: "25^(1/2)" } }] },
        { text: "Five." },
      ],
      { model: "gemini-2.5-flash" },
    );
    const result = await new ToolCallingAgent({ llm, tools: [calculator] }).invoke("root?");
    expect(result.answer).toBe("Five.");
    expect(contentsOf(fake.requests[1])[1]?.parts[0]).toEqual({
      functionCall: { name: "calculator", args: { input: "25^(1/2)" } },
    });
  });
});
