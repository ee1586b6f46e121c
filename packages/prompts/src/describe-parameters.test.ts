import { describe, expect, it } from "vitest";
import { describeParameters } from "./describe-parameters.js";
import { renderReactPrompt } from "./react-prompt.js";

describe("describeParameters", () => {
  it("shows the JSON object to write, optional fields marked, and each documented field", () => {
    const text = describeParameters({
      type: "object",
      properties: {
        path: { type: "string", description: "Where the file is,\n relative to the root" },
        lines: { type: "array", items: { type: "integer" } },
        mode: { enum: ["text", "binary"], default: "text" },
        head: { type: ["number", "null"], title: "How many lines" },
      },
      required: ["path"],
    });
    expect(text).toBe(
      [
        '  Action Input: a JSON object {"path": string, "lines"?: integer[], "mode"?: "text" | "binary", "head"?: number | null}',
        "    path: Where the file is, relative to the root",
        '    mode: (default "text")',
        "    head: How many lines",
      ].join("\n"),
    );
  });

  it("writes nested objects inline, unions and references, and stops at a reference cycle", () => {
    const text = describeParameters({
      type: "object",
      properties: {
        edits: {
          type: "array",
          items: { $ref: "#/$defs/edit" },
        },
        target: { anyOf: [{ type: "string" }, { $ref: "#/$defs/loop" }] },
        tree: { $ref: "#/$defs/tree" },
      },
      required: ["edits", "target"],
      $defs: {
        edit: {
          type: "object",
          properties: { old: { type: "string" }, new: { type: "string" } },
          required: ["old", "new"],
        },
        loop: { $ref: "#/$defs/loop" },
        tree: { type: "array", items: { $ref: "#/$defs/tree" } },
      },
    });
    expect(text).toMatch(
      /^ {2}Action Input: a JSON object \{"edits": \{"old": string, "new": string\}\[\], "target": string \| any, "tree"\?: any(\[\])+\}$/,
    );
  });

  it("keeps the prompt to one line per tool for text tools and adds the arguments for typed ones", () => {
    const prompt = renderReactPrompt({
      question: "q",
      today: "2026-01-01",
      tools: [
        { name: "calculator", description: "maths" },
        {
          name: "files__read",
          description: "Reads a file.",
          parameters: { type: "object", properties: {} },
        },
      ],
    });
    expect(prompt).toContain(
      "calculator: maths\nfiles__read: Reads a file.\n  Action Input: {} (it takes no arguments)\n\nUse",
    );
  });
});
