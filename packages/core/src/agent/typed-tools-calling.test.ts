import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ChatMessage } from "../contracts/llm.js";
import { defineTool, type Tool } from "../contracts/tool.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { ToolCallingAgent } from "./tool-calling-agent.js";

function bookingTool(received: unknown[]) {
  return defineTool({
    name: "book",
    description: "Books a table.",
    inputSchema: z.object({
      restaurant: z.string().describe("where"),
      guests: z.number().int().positive(),
    }),
    execute(input) {
      received.push(input);
      return `Booked ${input.restaurant} for ${input.guests}.`;
    },
  });
}

/** What the model read back for each of its calls, in order. */
function toolMessages(llm: ScriptedLlm) {
  const last = llm.calls.at(-1)?.messages ?? [];
  return last
    .filter((message): message is Extract<ChatMessage, { role: "tool" }> => message.role === "tool")
    .map((message) => message.content);
}

describe("typed tools in the function-calling agent", () => {
  it("offers the schema as the function's parameters and passes execute the parsed value", async () => {
    const received: unknown[] = [];
    const llm = new ScriptedLlm([
      { toolCalls: [{ name: "book", arguments: { restaurant: "Noma", guests: 2 } }] },
      "Done.",
    ]);
    const result = await new ToolCallingAgent({ llm, tools: [bookingTool(received)] }).invoke("q");
    expect(result).toMatchObject({ status: "answered", answer: "Done." });
    expect(received).toEqual([{ restaurant: "Noma", guests: 2 }]);
    expect(llm.calls[0]?.tools).toEqual([
      {
        name: "book",
        description: "Books a table.",
        parameters: {
          type: "object",
          properties: {
            restaurant: { type: "string", description: "where" },
            guests: { type: "integer", exclusiveMinimum: 0, maximum: 9007199254740991 },
          },
          required: ["restaurant", "guests"],
        },
      },
    ]);
  });

  it("sends a wrong type and a missing field back as the tool's reply, and recovers", async () => {
    const received: unknown[] = [];
    const llm = new ScriptedLlm([
      { toolCalls: [{ name: "book", arguments: { restaurant: "Noma", guests: "two" } }] },
      { toolCalls: [{ name: "book", arguments: { guests: 2 } }] },
      { toolCalls: [{ name: "book", arguments: { restaurant: "Noma", guests: 2 } }] },
      "Booked.",
    ]);
    const result = await new ToolCallingAgent({ llm, tools: [bookingTool(received)] }).invoke("q");
    expect(result).toMatchObject({ status: "answered", answer: "Booked." });
    expect(received).toEqual([{ restaurant: "Noma", guests: 2 }]);
    const [wrongType, missing, booked] = toolMessages(llm);
    expect(wrongType).toBe(
      'Tool book did not run: the input is invalid: guests: Invalid input: expected number, received string. Give the input as one JSON object, like {"restaurant": "...", "guests": 1}.',
    );
    expect(missing).toContain("restaurant: Invalid input: expected string, received undefined");
    expect(booked).toBe("Booked Noma for 2.");
  });

  it("sends malformed JSON arguments back with where they broke, and recovers", async () => {
    const received: unknown[] = [];
    const llm = new ScriptedLlm([
      { toolCalls: [{ name: "book", arguments: '{"restaurant": "Noma", "guests": ' }] },
      { toolCalls: [{ name: "book", arguments: "{'restaurant': 'Noma', 'guests': 4,}" }] },
      "Booked.",
    ]);
    const result = await new ToolCallingAgent({ llm, tools: [bookingTool(received)] }).invoke("q");
    expect(toolMessages(llm)[0]).toBe(
      'Tool book did not run: the input is not valid JSON (a value is missing at the end). Give the input as one JSON object, like {"restaurant": "...", "guests": 1}.',
    );
    expect(received).toEqual([{ restaurant: "Noma", guests: 4 }]);
    expect(result.status).toBe("answered");
  });

  it("validates a JSON Schema tool's arguments the same way", async () => {
    const received: unknown[] = [];
    const lookup: Tool<{ id: number }> = {
      name: "lookup",
      description: "Finds an order.",
      inputSchema: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { id: { type: "integer" } },
        required: ["id"],
        additionalProperties: false,
      },
      execute(input) {
        received.push(input);
        return `order ${input.id}`;
      },
    };
    const llm = new ScriptedLlm([
      { toolCalls: [{ name: "lookup", arguments: { id: 1.5, note: "x" } }] },
      { toolCalls: [{ name: "lookup", arguments: { id: 7 } }] },
      "Found.",
    ]);
    const result = await new ToolCallingAgent({ llm, tools: [lookup] }).invoke("q");
    expect(toolMessages(llm)).toEqual([
      'Tool lookup did not run: the input is invalid: id: expected an integer, got 1.5; note: is not a known field (the fields are id). Give the input as one JSON object, like {"id": 1}.',
      "order 7",
    ]);
    expect(llm.calls[0]?.tools?.[0]?.parameters).not.toHaveProperty("$schema");
    expect(received).toEqual([{ id: 7 }]);
    expect(result.status).toBe("answered");
  });

  it("still gives a text tool its input string", async () => {
    const inputs: string[] = [];
    const echo: Tool = {
      name: "echo",
      description: "repeats",
      execute: (input) => {
        inputs.push(input);
        return input;
      },
    };
    const llm = new ScriptedLlm([
      { toolCalls: [{ name: "echo", arguments: { input: "hello" } }] },
      "ok",
    ]);
    await new ToolCallingAgent({ llm, tools: [echo] }).invoke("q");
    expect(inputs).toEqual(["hello"]);
    expect(llm.calls[0]?.tools?.[0]?.parameters).toMatchObject({ required: ["input"] });
  });
});
