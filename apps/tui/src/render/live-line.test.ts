import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLiveLine, fitting } from "./live-line.js";

const ERASE = "\r\u001b[2K";
// The line is dim where colours show (a test runner may force them): its text without that.
const plain = (text: string) => text.replace(/\u001b\[\d+m/g, "");

/** A terminal of `columns` that keeps what is written, colourless. */
function fakeTerminal(columns: number) {
  const terminal = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        terminal.written += chunk.toString();
        done();
      },
    }),
    { written: "", columns, isTTY: true, hasColors: () => false },
  );
  return terminal;
}

describe("the live line under ask's trace", () => {
  it("fits text to the window: the end of a streamed reply, one line, never wider", () => {
    expect(fitting("short", 20, "end")).toBe("short");
    expect(fitting("a long thought that goes on", 10, "end")).toBe("…t goes on");
    expect(fitting("a long thought that goes on", 10)).toBe("a long th…");
    expect(fitting("line one\n\nline\ttwo  ", 40)).toBe("line one line two");
    // Wide characters take two columns: eight of them do not fit in ten.
    const wide = fitting("日本語のテキストです", 10, "end");
    expect([...wide].length).toBeLessThanOrEqual(5);
    // A model's escape sequences never reach the terminal through it.
    expect(fitting("\u001b[2Jcleared\u001b]0;title\u0007", 40)).toBe("cleared");
    expect(fitting("anything", 1)).toBe("");
  });

  it("shows the model at work, then a tool, and is gone between them and at the end", () => {
    const terminal = fakeTerminal(60);
    const live = createLiveLine(terminal as unknown as NodeJS.WriteStream);
    live.show({
      type: "run-start",
      runId: "r",
      question: "q",
      tools: ["calculator"],
      maxSteps: 5,
      provider: "p",
      model: "thinker",
    });
    live.show({ type: "llm-start", step: 1, prompt: "p" });
    expect(plain(terminal.written)).toMatch(/^\r\u001b\[2K[⠀-⣿] \d+\.\ds thinker$/);
    live.show({ type: "llm-delta", step: 1, text: " I will divide" });
    // A trace line goes above the line, which is drawn again under it with the text so far.
    expect(plain(live.around("Question: q\n"))).toMatch(
      /^\r\u001b\[2KQuestion: q\n[⠀-⣿] \d+\.\ds thinker: I will divide$/,
    );
    terminal.written = "";
    live.show({
      type: "llm-end",
      step: 1,
      completion: " I will divide",
      reason: "stop",
      durationMs: 1,
    });
    expect(terminal.written).toBe(ERASE);
    // Nothing drawn: trace lines go out as they are.
    expect(live.around("Action: calculator\n")).toBe("Action: calculator\n");
    terminal.written = "";
    live.show({ type: "tool-start", step: 1, tool: "calculator", input: "2023/5" });
    expect(plain(terminal.written)).toMatch(/[⠀-⣿] \d+\.\ds running calculator$/);
    live.stop();
    expect(terminal.written.endsWith(ERASE)).toBe(true);
    terminal.written = "";
    live.stop();
    expect(terminal.written).toBe("");
  });
});
