import { LangchainMiniError, type Llm, type Tool } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { createHost, type Runtime } from "@langchain-mini/host";
import { InMemorySessionStore } from "@langchain-mini/memory";
import { createCalculator } from "@langchain-mini/tool-calculator";
import { describe, expect, it } from "vitest";
import { tempDir, writeScript } from "../../test-support/cli.js";
import { chatOver, KEYS, renderUi, scriptedChat } from "../../test-support/render-ui.js";
import { App } from "./app.js";

const SEED_000 = [
  " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)",
  " I now know the final answer\nFinal Answer: The square root of 25 is 5.",
];

const wide = { columns: 120, rows: 36 };
const narrow = { columns: 80, rows: 36 };

/** The row a line containing `text` is on, or -1. */
const rowOf = (frame: string, text: string) =>
  frame.split("\n").findIndex((line) => line.includes(text));

/** A chat whose one reply waits until the test lets it: the run is still going however slow the machine. */
function gatedChat(reply: string) {
  let letAnswer = () => {};
  const answerLet = new Promise<void>((resolve) => {
    letAnswer = resolve;
  });
  const scripted = new ScriptedLlm([reply]);
  const llm: Llm = {
    provider: scripted.provider,
    model: scripted.model,
    async *stream(request) {
      await answerLet;
      yield* scripted.stream(request);
    },
  };
  const runtime: Runtime = {
    llm,
    tools: [],
    maxSteps: 3,
    agentMode: "react",
    constrained: false,
    notices: [],
    close: async () => undefined,
  };
  return { service: chatOver(runtime), letAnswer: () => letAnswer() };
}

describe("App", () => {
  it("asks 'How can I help?', answers, and shows every step of the trace", async () => {
    const ui = await renderUi(<App service={scriptedChat(SEED_000)} />, wide);
    expect(ui.frame()).toContain("How can I help?");
    await ui.type("What is the square root of 25?");
    await ui.press(KEYS.enter);
    const frame = await ui.waitFor(/│ The square root of 25 is 5\./);
    expect(frame).toContain("> What is the square root of 25?");
    expect(frame).toContain("Thought: I need to use a calculator for this");
    expect(frame).toContain("Action: calculator");
    expect(frame).toContain("Action Input: 25^(1/2)");
    expect(frame).toContain("Observation: 5");
    expect(frame).toContain("Final Answer: The square root of 25 is 5.");
    expect(frame).toMatch(
      /script:scripted · 2 steps · \d+\.\ds: LLM \d+\.\ds, tools \d+\.\ds, framework \d+\.\ds · run \d+ in \/ \d+ out · session/,
    );
  });

  it("shows the answer as Markdown in the conversation, and as the model wrote it in the trace", async () => {
    const service = scriptedChat([
      " done\nFinal Answer: Use **two** steps:\n\n- first\n- `second`",
    ]);
    const ui = await renderUi(<App service={service} />, wide);
    await ui.type("how?\r");
    const frame = await ui.waitFor("Final Answer: Use **two** steps:");
    expect(frame).toMatch(/│ Use two steps:\s+│/);
    expect(frame).toMatch(/│ • first\s+│/);
    expect(frame).toMatch(/│ • second\s+│/);
    expect(frame).toContain("- `second`");
  });

  it("streams the Thought token by token while the model is still writing", async () => {
    const service = scriptedChat([" I need to use a calculator for this, step by step"], {
      chunkSize: 2,
      chunkDelayMs: 25,
    });
    const ui = await renderUi(<App service={service} />, wide);
    await ui.type("q\r");
    const frame = await ui.waitFor(/Thought: I need to use[^│]*▍/);
    expect(frame).not.toContain("step by step");
    expect(frame).toContain("the model is writing");
    expect(frame).not.toContain("waiting for the model");
  });

  it("Esc cancels a slow step: both panes say cancelled, and the next question is answered", async () => {
    const service = scriptedChat([
      { text: " Slow\nFinal Answer: too late", delayMs: 30_000 },
      " Quick\nFinal Answer: The app still works.",
    ]);
    const ui = await renderUi(<App service={service} />, wide);
    await ui.type("slow one\r");
    await ui.waitFor("waiting for the model");
    await ui.press(KEYS.escape);
    const cancelled = await ui.waitFor(/cancelled[\s\S]*cancelled/);
    expect(cancelled).not.toContain("waiting for the model");
    expect(cancelled).not.toContain("too late");
    await ui.type("again\r");
    await ui.waitFor("The app still works.");
  });

  it("Esc during a tool call aborts the tool through its signal", async () => {
    let toolSignal: AbortSignal | undefined;
    const slowTool: Tool = {
      name: "search",
      description: "web search",
      execute: (_input, { signal }) => {
        toolSignal = signal;
        return new Promise((resolve) => signal.addEventListener("abort", () => resolve("stopped")));
      },
    };
    const service = scriptedChat([" look\nAction: search\nAction Input: slow"], {
      tools: [slowTool],
    });
    const ui = await renderUi(<App service={service} />, wide);
    await ui.type("q\r");
    await ui.waitFor("running the tool");
    expect(toolSignal?.aborted).toBe(false);
    await ui.press(KEYS.escape);
    await ui.waitFor(/│ cancelled/);
    expect(toolSignal?.aborted).toBe(true);
    expect(ui.frame()).not.toContain("running the tool");
  });

  it("shows an LLM failure as an error in both panes and stays usable", async () => {
    const rejected = new LangchainMiniError(
      "llm_auth",
      "OPENAI_API_KEY was rejected by the server: check the key or set OPENAI_BASE_URL",
    );
    const service = scriptedChat([{ error: rejected }, " ok\nFinal Answer: recovered"]);
    const ui = await renderUi(<App service={service} />, wide);
    await ui.type("q\r");
    const frame = await ui.waitFor("Error: OPENAI_API_KEY was rejected");
    expect(frame.match(/OPENAI_API_KEY was rejected/g)?.length).toBe(2);
    await ui.type("again\r");
    await ui.waitFor("Final Answer: recovered");
  });

  it("sets the panes side by side when wide, stacks them when narrow, and re-lays out on resize", async () => {
    const ui = await renderUi(<App service={scriptedChat([])} />, wide);
    let frame = ui.frame();
    expect(rowOf(frame, "Conversation")).toBe(rowOf(frame, "Trace"));
    await ui.resize(narrow.columns, narrow.rows);
    frame = ui.frame();
    expect(rowOf(frame, "Trace")).toBeGreaterThan(rowOf(frame, "Conversation"));
    for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    await ui.resize(wide.columns, wide.rows);
    frame = ui.frame();
    expect(rowOf(frame, "Conversation")).toBe(rowOf(frame, "Trace"));
  });

  it("folds a long observation and Ctrl+O unfolds it", async () => {
    const search: Tool = {
      name: "search",
      description: "web search",
      execute: () => Array.from({ length: 12 }, (_, line) => `snippet ${line + 1}`).join("\n"),
    };
    const service = scriptedChat(
      [" look it up\nAction: search\nAction Input: tenerife", " done\nFinal Answer: 25 °C"],
      { tools: [search] },
    );
    const ui = await renderUi(<App service={service} />, { columns: 120, rows: 50 });
    await ui.type("weather?\r");
    let frame = await ui.waitFor("Final Answer: 25 °C");
    expect(frame).toContain("9 more lines (Ctrl+O unfolds)");
    expect(frame).not.toContain("snippet 12");
    await ui.press(KEYS.ctrlO);
    frame = await ui.waitFor("snippet 12");
    expect(frame).toContain("(Ctrl+O folds)");
  });

  it("strips control sequences from model text before drawing it", async () => {
    const service = scriptedChat([
      " \u001b]0;pwned\u0007\u001b[2J\u001b[31mThinking\nFinal Answer: safe \u001b[8mhidden\u001b[0m text",
    ]);
    const ui = await renderUi(<App service={service} />, wide);
    await ui.type("q\r");
    await ui.waitFor("Final Answer: safe hidden text");
    const raw = ui.rawFrame();
    expect(raw).not.toContain("pwned");
    expect(raw).not.toContain("\u001b[2J");
    expect(raw).not.toContain("\u001b[8m");
  });

  it("Up and Down recall earlier questions", async () => {
    const replies = [
      " a\nFinal Answer: 1",
      "The second question, standalone",
      " b\nFinal Answer: 2",
    ];
    const ui = await renderUi(<App service={scriptedChat(replies)} />, wide);
    await ui.type("first question\r");
    await ui.waitFor("Final Answer: 1");
    await ui.type("second question\r");
    await ui.waitFor("Final Answer: 2");
    await ui.press(KEYS.up, KEYS.up);
    expect(ui.frame()).toMatch(/How can I help\? first question/);
    await ui.press(KEYS.down);
    expect(ui.frame()).toMatch(/How can I help\? second question/);
  });

  it("rewrites a follow-up into a standalone question and shows it in the trace", async () => {
    const replies = [
      " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)",
      " I now know the final answer\nFinal Answer: The square root of 25 is 5.",
      "What is 5 squared?",
      " I know this\nFinal Answer: 25",
    ];
    const ui = await renderUi(<App service={scriptedChat(replies)} />, wide);
    await ui.type("What is the square root of 25?\r");
    await ui.waitFor(/│ The square root of 25 is 5\./);
    await ui.type("And that number squared?\r");
    const frame = await ui.waitFor("Final Answer: 25");
    expect(frame).toContain("Question: And that number squared?");
    expect(frame).toContain("Standalone question: What is 5 squared?");
    expect(frame).not.toContain("Step 0");
    // One step, as the trace numbers it; the rewrite is memory's call, named apart.
    expect(frame).toContain("Step 1");
    await ui.waitFor("script:scripted · 1 step + 1 memory call ·");
  });

  it("/session opens a stored conversation with its turns, and /new starts afresh", async () => {
    const store = new InMemorySessionStore();
    await store.append("work", {
      type: "turn",
      question: "Earlier question",
      answer: "Earlier answer",
      at: "",
    });
    const ui = await renderUi(<App service={scriptedChat([], { store })} />, wide);
    await ui.type("/session work\r");
    let frame = await ui.waitFor("Session work: 1 earlier turn(s)");
    expect(frame).toContain("Conversation · work");
    expect(frame).toContain("> Earlier question");
    expect(frame).toContain("Earlier answer");
    await ui.type("/new\r");
    frame = await ui.waitFor("New conversation");
    expect(frame).not.toContain("Earlier answer");
    expect(frame).not.toContain("Conversation · work");
    await ui.type("/session ../etc\r");
    await ui.waitFor(/│ .*\.\.\/etc/);
  });

  it("PgUp and PgDn scroll the focused pane, and Tab moves the focus", async () => {
    const ui = await renderUi(<App service={scriptedChat([])} />, { columns: 120, rows: 20 });
    await ui.type("/help\r");
    await ui.type("/help\r");
    // Two helps are more than two pages of this pane: PgUp lands in the middle.
    const frame = await ui.waitFor(/▸ Conversation ↑(?:1[5-9]|[2-9]\d)/);
    expect(frame).not.toContain("↓");
    await ui.press(KEYS.pageUp);
    await ui.waitFor(/▸ Conversation ↑\d+ ↓\d+/);
    await ui.press(KEYS.pageDown, KEYS.pageDown, KEYS.pageDown);
    expect(ui.frame()).not.toContain("↓");
    await ui.press(KEYS.tab);
    expect(ui.frame()).toContain("▸ Trace");
    expect(ui.frame()).not.toContain("▸ Conversation");
  });

  it("Ctrl+C during a run asks before quitting; another key takes it back, and the run's end clears it", async () => {
    const gate = gatedChat(" slow\nFinal Answer: finished");
    const ui = await renderUi(<App service={gate.service} />, wide);
    await ui.type("q\r");
    await ui.waitFor("waiting for the model");
    await ui.press(KEYS.ctrlC);
    await ui.waitFor("press Ctrl+C again to quit, or Esc to cancel the question");
    // Typing goes on: the prompt goes, the keys reach the line.
    await ui.type("n");
    await ui.waitFor("How can I help? n");
    expect(ui.frame()).not.toContain("press Ctrl+C again");
    await ui.press(KEYS.ctrlC);
    await ui.waitFor("press Ctrl+C again to quit");
    gate.letAnswer();
    const frame = await ui.waitFor("Final Answer: finished");
    // Nothing runs any more: the prompt has nothing left to ask about.
    await ui.waitFor(/· 1 step ·/);
    expect(ui.frame()).not.toContain("press Ctrl+C again");
    expect(frame).not.toContain("cancelled");
  });

  it("Esc after Ctrl+C cancels the question, as Esc does everywhere", async () => {
    const gate = gatedChat(" slow\nFinal Answer: finished");
    const ui = await renderUi(<App service={gate.service} />, wide);
    await ui.type("q\r");
    await ui.waitFor("waiting for the model");
    await ui.press(KEYS.ctrlC);
    await ui.waitFor("press Ctrl+C again to quit");
    await ui.press(KEYS.escape);
    const frame = await ui.waitFor(/│ cancelled/);
    expect(frame).not.toContain("press Ctrl+C again");
    gate.letAnswer();
    await ui.type("still here\r");
    await ui.waitFor("> still here");
  });

  it("Enter during a run keeps what was typed, to send once the run is over", async () => {
    const gate = gatedChat(" slow\nFinal Answer: finished");
    const ui = await renderUi(<App service={gate.service} />, wide);
    await ui.type("q\r");
    await ui.waitFor("waiting for the model");
    await ui.type("my next question");
    await ui.press(KEYS.enter);
    const frame = await ui.waitFor("A question is running");
    expect(frame).toContain("How can I help? my next question");
    gate.letAnswer();
    await ui.waitFor("Final Answer: finished");
    expect(ui.frame()).toContain("How can I help? my next question");
  });

  it("/model switches the LLM for the next question, and names a bad spec in one line", async () => {
    const directory = tempDir();
    const other = writeScript(directory, [" other\nFinal Answer: from the other model"]);
    const host = createHost({ env: {}, cwd: directory });
    const service = await host.openSession({
      llm: new ScriptedLlm([], { model: "first" }),
      tools: [],
      maxSteps: 3,
      store: new InMemorySessionStore(),
    });
    const ui = await renderUi(<App service={service} />, { columns: 200, rows: 40 });
    await ui.type("/model nowhere:x\r");
    await ui.waitFor("Unknown LLM provider 'nowhere'");
    expect(ui.frame()).toContain("script:first ·");
    await ui.type(`/model script:${other}\r`);
    await ui.waitFor("Model: script:scripted");
    expect(ui.frame()).toContain("script:scripted ·");
    await ui.type("which model?\r");
    await ui.waitFor("Final Answer: from the other model");
  });

  it("answers /help, /tools, /model and an unknown command", async () => {
    const ui = await renderUi(<App service={scriptedChat([], { tools: [createCalculator()] })} />, {
      columns: 240,
      rows: 60,
    });
    await ui.type("/tools\r");
    await ui.waitFor(/calculator: /);
    await ui.type("/model\r");
    await ui.waitFor("Model: script:scripted");
    await ui.type("/frobnicate\r");
    await ui.waitFor("Unknown command /frobnicate: /help lists the commands");
    await ui.type("/clear\r");
    await ui.waitFor("Type a question and press Enter");
    await ui.type("/help\r");
    const frame = await ui.waitFor("/session");
    expect(frame).toContain("Esc");
  });

  it("/tools lists an MCP server's tools under the server, and a step names the server", async () => {
    const echo: Tool = {
      name: "files__echo",
      description: "Repeats its input.",
      origin: 'MCP server "files"',
      execute: (input) => `echo ${input}`,
    };
    const replies = [" I will.\nAction: files__echo\nAction Input: hi", " Done\nFinal Answer: ok"];
    const service = scriptedChat(replies, { tools: [createCalculator(), echo] });
    const ui = await renderUi(<App service={service} />, { columns: 160, rows: 50 });
    await ui.type("/tools\r");
    const listed = await ui.waitFor('MCP server "files":');
    expect(listed).toMatch(/MCP server "files":[^\n]*\n│ {3}files__echo: Repeats its input\./);
    await ui.type("say hi\r");
    const frame = await ui.waitFor("Final Answer: ok");
    expect(frame).toContain('Action: files__echo · MCP server "files"');
  });
});
