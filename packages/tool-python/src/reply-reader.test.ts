import { describe, expect, it } from "vitest";
import { ReplyReader } from "./reply-reader.js";

const result = { type: "result", id: 1, output: "hi\n", truncated: false };

describe("ReplyReader (the sandbox's stdout, which model-written code can write to)", () => {
  it("reads one message a line, across chunks", () => {
    const reader = new ReplyReader(100);
    const line = `${JSON.stringify(result)}\n`;
    expect(reader.push(line.slice(0, 10))).toEqual([]);
    expect(reader.push(`${line.slice(10)}{"type":"ready","startupMs":5}\n`)).toEqual([
      result,
      { type: "ready", startupMs: 5 },
    ]);
  });

  it("skips stray text, JSON that is not ours, and finds a message glued to stray text", () => {
    const reader = new ReplyReader(100);
    const messages = reader.push(
      `hello\n{"type":"other"}\n[1,2]\n{"type":"result","id":"x","output":""}\nnoise${JSON.stringify(result)}\n`,
    );
    expect(messages).toEqual([result]);
  });

  it("refuses a line longer than any reply could be", () => {
    const reader = new ReplyReader(100);
    expect(reader.push("x".repeat(100_000))).toBe("overflow");
    expect(reader.push(`${JSON.stringify(result)}\n`)).toEqual([result]);
  });
});
