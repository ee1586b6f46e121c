import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ReplyReader } from "./reply-reader.js";

const KEY = "a".repeat(64);
const result = { type: "result", id: 1, output: "hi\n", truncated: false };
const ready = { type: "ready", startupMs: 5 };

/** A reply as the sandbox writes it: a line of its own, signed with `key`. */
function signed(message: unknown, key = KEY) {
  const json = JSON.stringify(message);
  return `\n${createHmac("sha256", key).update(json).digest("hex")} ${json}\n`;
}

describe("ReplyReader (the sandbox's stdout, which model-written code can write to)", () => {
  it("reads the signed replies, one a line, across chunks", () => {
    const reader = new ReplyReader(KEY, 100);
    const line = signed(result);
    expect(reader.push(line.slice(0, 10))).toEqual({ kind: "messages", messages: [] });
    expect(reader.push(`${line.slice(10)}${signed(ready)}`)).toEqual({
      kind: "messages",
      messages: [result, ready],
    });
  });

  it("skips text that is not a reply, and a reply glued to text in front of it", () => {
    const reader = new ReplyReader(KEY, 100);
    const unsigned = `${JSON.stringify({ ...result, output: "forged" })}\n`;
    const read = reader.push(`hello\n[1,2]\n${unsigned}noise${signed(result).slice(1)}`);
    expect(read).toEqual({ kind: "messages", messages: [result] });
  });

  it("takes a reply whose output holds something shaped like a reply", () => {
    const reader = new ReplyReader(KEY, 1000);
    const inner = signed({ ...result, output: "stolen" }, "b".repeat(64)).trim();
    const message = { ...result, output: `${inner}\n` };
    expect(reader.push(signed(message))).toEqual({ kind: "messages", messages: [message] });
  });

  it("says so when a line is shaped like a reply but not signed with the key", () => {
    const forgedWithOtherKey = signed({ ...result, output: "forged" }, "b".repeat(64));
    expect(new ReplyReader(KEY, 100).push(forgedWithOtherKey)).toEqual({ kind: "forged" });
    const tampered = signed(result).replace("hi", "ho");
    expect(new ReplyReader(KEY, 100).push(tampered)).toEqual({ kind: "forged" });
  });

  it("refuses a line longer than any reply could be", () => {
    const reader = new ReplyReader(KEY, 100);
    expect(reader.push("x".repeat(100_000))).toEqual({ kind: "overflow" });
    expect(reader.push(signed(result))).toEqual({ kind: "messages", messages: [result] });
  });
});
