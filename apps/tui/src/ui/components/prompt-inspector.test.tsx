import { describe, expect, it } from "vitest";
import { KEYS, renderUi, scriptedChat } from "../../test-support/render-ui.js";
import type { InspectedCall } from "../state/run-record.js";
import { App } from "./app.js";
import { PromptInspector } from "./prompt-inspector.js";

const CTRL_P = "\u0010";
const LEFT = "\u001b[D";
const RIGHT = "\u001b[C";
const HOME = "\u001b[H";
const END = "\u001b[F";

const SEED_000 = [
  " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)",
  " I now know the final answer\nFinal Answer: The square root of 25 is 5.",
];

/** The inspector's text without its border, so multi-line text can be matched whole. */
const inside = (frame: string) =>
  frame
    .split("\n")
    .map((line) => line.replace(/^│ /, "").replace(/\s*│$/, ""))
    .join("\n");

async function answered(size = { columns: 120, rows: 60 }) {
  const ui = await renderUi(<App service={scriptedChat(SEED_000)} />, size);
  await ui.type("What is the square root of 25?\r");
  await ui.waitFor(/│ The square root of 25 is 5\./);
  return ui;
}

describe("the prompt inspector (Ctrl+P)", () => {
  it("shows the newest call's exact prompt and raw completion, and steps back to the first", async () => {
    const ui = await answered();
    await ui.press(CTRL_P);
    const second = inside(await ui.waitFor("LLM call 2 of 2 · step 2"));
    // The second prompt is the first one plus the step the agent took, as sent.
    expect(second).toContain("Question: What is the square root of 25?");
    expect(second).toContain("Action Input: 25^(1/2)\nObservation: 5\nThought:");
    expect(second).toContain("── Completion (raw, before parsing) ──");
    expect(second).toContain(
      " I now know the final answer\nFinal Answer: The square root of 25 is 5.",
    );
    expect(second).toMatch(/finish: stop · \d+ in \/ \d+ out · \d+\.\d\d s/);
    // The panes make way for it.
    expect(second).not.toContain("Conversation");

    await ui.press(LEFT);
    const first = inside(await ui.waitFor("LLM call 1 of 2 · step 1"));
    expect(first).not.toContain("Observation: 5");
    expect(first).toContain(
      " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)",
    );
    await ui.press(LEFT);
    expect(ui.frame()).toContain("LLM call 1 of 2");
    await ui.press(RIGHT);
    await ui.waitFor("LLM call 2 of 2");

    await ui.press(KEYS.escape);
    const closed = await ui.waitFor("Conversation");
    expect(closed).not.toContain("Prompt inspector");
    expect(closed).toContain("Final Answer: The square root of 25 is 5.");
  });

  it("scrolls a prompt taller than the screen, and keeps typed letters off the question line", async () => {
    const ui = await answered({ columns: 100, rows: 16 });
    await ui.press(CTRL_P);
    // The extent shows once the inspector's content is measured (the frame after it opens).
    const top = await ui.waitFor(/Prompt inspector[^\n]*↓\d+/);
    expect(top).not.toContain("── Completion");
    await ui.press(END);
    const bottom = await ui.waitFor("── Completion (raw, before parsing) ──");
    expect(bottom).toMatch(/↑\d+/);
    await ui.press(HOME);
    await ui.waitFor("── Prompt ──");
    await ui.press(KEYS.pageDown);
    expect(ui.frame()).not.toContain("── Prompt ──");
    await ui.type("xyz");
    await ui.press(CTRL_P);
    const closed = await ui.waitFor("Conversation");
    expect(closed).not.toContain("xyz");
  });

  it("labels a call that Esc cut short as cancelled, with the text that came", async () => {
    const service = scriptedChat([" I am thinking about this very slowly, word by word"], {
      chunkSize: 4,
      chunkDelayMs: 200,
    });
    const ui = await renderUi(<App service={service} />, { columns: 120, rows: 40 });
    await ui.type("q\r");
    await ui.waitFor("Thought: I am");
    await ui.press(KEYS.escape);
    await ui.waitFor(/│ cancelled/);
    await ui.press(CTRL_P);
    const frame = await ui.waitFor("── Completion (cancelled: the text so far) ──");
    expect(frame).not.toContain("(streaming)");
    expect(inside(frame)).toContain(" I am");
  });

  it("labels a call whose stream broke as failed, and says why", async () => {
    const calls: InspectedCall[] = [
      {
        step: 1,
        prompt: "Question: q\nThought:",
        completion: " I was saying",
        done: true,
        reason: "other",
        cut: "failed",
        error: "The openai stream ended before the reply was finished: try again",
        durationMs: 1200,
      },
    ];
    const ui = await renderUi(
      <PromptInspector
        calls={calls}
        selected={undefined}
        box={{ width: 100, height: 24 }}
        position={0}
        onMeasure={() => {}}
      />,
    );
    const frame = ui.frame();
    expect(frame).toContain("── Completion (failed: the text so far) ──");
    expect(frame).toContain("The openai stream ended before the reply was finished");
    expect(frame).toContain("1.20 s");
  });

  it("says what it will show before the first question", async () => {
    const ui = await renderUi(<App service={scriptedChat(SEED_000)} />);
    await ui.press(CTRL_P);
    expect(await ui.waitFor("No LLM call yet")).toContain("Prompt inspector");
  });

  it("shows a chat call's messages by role, tool calls included, and strips control sequences", async () => {
    const calls: InspectedCall[] = [
      {
        step: 1,
        messages: [
          { role: "system", content: "You are helpful." },
          { role: "user", content: "What is 2+2?" },
          {
            role: "assistant",
            content: "",
            toolCalls: [{ id: "c1", name: "calculator", arguments: '{"input":"2+2"}' }],
          },
          { role: "tool", content: "4", toolCallId: "c1" },
        ],
        completion: "It is 4.\u001b[2J\u001b]0;pwned\u0007",
        done: false,
      },
    ];
    const ui = await renderUi(
      <PromptInspector
        calls={calls}
        selected={undefined}
        box={{ width: 100, height: 24 }}
        position={0}
        onMeasure={() => {}}
      />,
    );
    const frame = ui.frame();
    expect(frame).toContain("── Messages (4) ──");
    expect(frame).toMatch(/\[system\][\s\S]*You are helpful\.[\s\S]*\[user\][\s\S]*What is 2\+2\?/);
    expect(frame).toContain('→ calculator({"input":"2+2"})');
    expect(frame).toContain("[tool]");
    expect(frame).toContain("── Completion (streaming) ──");
    expect(ui.rawFrame()).not.toContain("\u001b[2J");
    expect(frame).not.toContain("pwned");
  });
});

describe("the status bar's run summary", () => {
  it("counts steps as the trace numbers them, and splits the time between the LLM, the tools and the framework", async () => {
    const ui = await answered();
    const frame = ui.frame();
    expect(frame).toContain("Step 2");
    expect(frame).not.toContain("Step 3");
    expect(frame).toMatch(
      /· 2 steps · \d+\.\ds: LLM \d+\.\ds, tools \d+\.\ds, framework \d+\.\ds · run \d+ in \/ \d+ out/,
    );
  });
});
