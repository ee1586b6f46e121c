import { DEFAULT_MAX_STEPS, type Tool } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import { chatOver, KEYS, renderUi } from "../../test-support/render-ui.js";
import { App } from "./app.js";

const write = (input: string) => ` I should write it\nAction: write_file\nAction Input: ${input}`;
const done = " done\nFinal Answer: finished";

/** A chat whose one tool needs approval and records what it ran; the LLM's requests kept. */
function approvalChat(replies: string[]) {
  const ran: string[] = [];
  const tool: Tool = {
    name: "write_file",
    description: "writes a file",
    needsApproval: true,
    origin: 'MCP server "files"',
    execute: (input) => {
      ran.push(input);
      return `wrote ${input}`;
    },
  };
  const llm = new ScriptedLlm(replies);
  const service = chatOver({
    llm,
    tools: [tool],
    maxSteps: DEFAULT_MAX_STEPS,
    agentMode: "react",
    constrained: false,
    notices: [],
    close: async () => undefined,
  });
  return { service, ran, llm };
}

const size = { columns: 120, rows: 36 };

describe("the approval prompt", () => {
  it("shows the tool, where it comes from, its input and the keys; y runs it", async () => {
    const chat = approvalChat([write('{"path": "notes.txt", "text": "hi"}'), done]);
    const ui = await renderUi(<App service={chat.service} />, size);
    await ui.type("save my notes\r");
    const frame = await ui.waitFor("Run write_file?");
    expect(frame).toContain('MCP server "files"');
    // JSON arguments are shown indented, one per row.
    expect(frame).toMatch(/│ {3}"path": "notes\.txt",/);
    expect(frame).toContain("y/Enter run · a always run write_file · n decline");
    expect(frame).toContain("waiting for your approval");
    expect(frame).not.toContain("How can I help?");
    expect(chat.ran).toEqual([]);
    await ui.type("y");
    await ui.waitFor("Final Answer: finished");
    expect(chat.ran).toEqual(['{"path": "notes.txt", "text": "hi"}']);
    expect(ui.frame()).toContain("Approval: approved");
    expect(ui.frame()).toContain("How can I help?");
  });

  it("Enter runs it too", async () => {
    const chat = approvalChat([write("a.txt"), done]);
    const ui = await renderUi(<App service={chat.service} />, size);
    await ui.type("go\r");
    await ui.waitFor("Run write_file?");
    await ui.press(KEYS.enter);
    await ui.waitFor("Final Answer: finished");
    expect(chat.ran).toEqual(["a.txt"]);
  });

  it("a runs it and every later call of the tool without asking again", async () => {
    const chat = approvalChat([write("a.txt"), write("b.txt"), done, write("c.txt"), done]);
    const ui = await renderUi(<App service={chat.service} />, size);
    await ui.type("go\r");
    await ui.waitFor("Run write_file?");
    await ui.type("a");
    await ui.waitFor("Final Answer: finished");
    expect(chat.ran).toEqual(["a.txt", "b.txt"]);
    expect(ui.frame()).toContain("Approval: approved, with every later call of write_file");
  });

  it("n declines and takes a note for the model; the run goes on, and the model reads it", async () => {
    const chat = approvalChat([write("secret.txt"), done]);
    const ui = await renderUi(<App service={chat.service} />, size);
    await ui.type("go\r");
    await ui.waitFor("Run write_file?");
    await ui.type("n");
    await ui.waitFor("A note for the model");
    // y here is text of the note, not a yes.
    await ui.type("yes, but not that file");
    await ui.waitFor("> yes, but not that file");
    await ui.press(KEYS.enter);
    const frame = await ui.waitFor("Final Answer: finished");
    expect(chat.ran).toEqual([]);
    expect(frame).toContain('Approval: declined: "yes, but not that file"');
    expect(chat.llm.calls[1]?.prompt).toContain(
      "Observation: The user declined to run write_file with this input, so it did not run. They said: yes, but not that file",
    );
  });

  it("n then Enter declines with no note", async () => {
    const chat = approvalChat([write("x"), done]);
    const ui = await renderUi(<App service={chat.service} />, size);
    await ui.type("go\r");
    await ui.waitFor("Run write_file?");
    await ui.type("n");
    await ui.waitFor("A note for the model");
    await ui.press(KEYS.enter);
    await ui.waitFor("Final Answer: finished");
    expect(ui.frame()).toMatch(/Approval: declined\s/);
    expect(chat.llm.calls[1]?.prompt).not.toContain("They said");
  });

  it("Esc cancels the question while the call waits, and the next one works", async () => {
    const chat = approvalChat([write("x"), "Next standalone", done]);
    const ui = await renderUi(<App service={chat.service} />, size);
    await ui.type("go\r");
    await ui.waitFor("Run write_file?");
    await ui.press(KEYS.escape);
    const frame = await ui.waitFor(/│ cancelled/);
    expect(frame).not.toContain("Run write_file?");
    expect(frame).toContain("How can I help?");
    expect(chat.ran).toEqual([]);
    await ui.type("again\r");
    await ui.waitFor("Final Answer: finished");
  });

  it("scrolls a long input with ↑/↓ and still fits a 40×12 window", async () => {
    const long = JSON.stringify({ lines: Array.from({ length: 20 }, (_, n) => `row ${n + 1}`) });
    const chat = approvalChat([write(long), done]);
    const ui = await renderUi(<App service={chat.service} />, { columns: 40, rows: 12 });
    await ui.type("go\r");
    const frame = await ui.waitFor("Run write_file?");
    expect(frame.split("\n")).toHaveLength(12);
    expect(frame).toMatch(/Run write_file\? .*↓\d+/);
    expect(frame).not.toContain("row 20");
    for (let press = 0; press < 25; press++) await ui.press("\u001b[B");
    await ui.waitFor('"row 20"');
    await ui.type("y");
    await ui.waitFor(/step/);
  });
});
