import { InMemorySessionStore } from "@langchain-mini/memory";
import { describe, expect, it } from "vitest";
import { KEYS, renderUi, scriptedChat } from "../../test-support/render-ui.js";
import { App } from "./app.js";

const CTRL_R = "\u0012";

describe("Ctrl+R", { timeout: 60_000 }, () => {
  it("searches earlier questions; Enter puts the match on the line to send", async () => {
    const replies = [
      " a\nFinal Answer: 1",
      "Standalone",
      " b\nFinal Answer: 2",
      "Again",
      " c\nFinal Answer: 3",
    ];
    const ui = await renderUi(<App service={scriptedChat(replies)} />, { columns: 120, rows: 36 });
    await ui.type("weather in Tenerife\r");
    await ui.waitFor("Final Answer: 1");
    await ui.type("square root of 25\r");
    await ui.waitFor("Final Answer: 2");
    await ui.press(CTRL_R);
    await ui.waitFor("type to search earlier questions");
    await ui.type("TENER");
    await ui.waitFor(/Search: TENER\s+weather in Tenerife/);
    await ui.type("x");
    await ui.waitFor("no earlier question has it");
    await ui.press(KEYS.backspace, KEYS.enter);
    await ui.waitFor("How can I help? weather in Tenerife");
    await ui.press(KEYS.enter);
    await ui.waitFor("Final Answer: 3");
  });
});

describe("/copy", () => {
  it("sends the last answer to the terminal's clipboard with OSC 52, and says so", async () => {
    const ui = await renderUi(<App service={scriptedChat([" ok\nFinal Answer: copy **me**"])} />);
    await ui.type("/copy\r");
    await ui.waitFor("No answer to copy yet");
    await ui.type("q\r");
    await ui.waitFor(/│ copy me/);
    await ui.type("/copy\r");
    await ui.waitFor("Copied the last answer to the clipboard");
    // The raw answer, as the model wrote it, base64 in the sequence.
    const sequence = `\u001b]52;c;${Buffer.from("copy **me**").toString("base64")}\u0007`;
    expect(ui.output()).toContain(sequence);
  });
});

describe("/resume", () => {
  it("lists stored conversations (name, age, turns, last question), newest first, and opens the one chosen", async () => {
    const store = new InMemorySessionStore();
    const turn = (question: string) => ({
      type: "turn" as const,
      question,
      answer: `re: ${question}`,
      at: "",
    });
    await store.append("older", turn("an old question"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.append("work", turn("first at work"));
    await store.append("work", turn("latest at work"));
    const ui = await renderUi(<App service={scriptedChat([], { store })} />, {
      columns: 120,
      rows: 30,
    });
    await ui.type("/resume\r");
    const list = await ui.waitFor("Resume a conversation");
    const rows = list.split("\n");
    const work = rows.findIndex((row) =>
      row.includes("▸ work · just now · 2 turns · latest at work"),
    );
    const older = rows.findIndex((row) =>
      row.includes("older · just now · 1 turn · an old question"),
    );
    expect(work).toBeGreaterThan(0);
    expect(older).toBeGreaterThan(work);
    await ui.press("\u001b[B", KEYS.enter);
    const opened = await ui.waitFor("Session older: 1 earlier turn(s)");
    expect(opened).toContain("Conversation · older");
    expect(opened).toContain("re: an old question");
    await ui.type("/resume\r");
    await ui.waitFor("Resume a conversation");
    await ui.press(KEYS.escape);
    expect(await ui.waitFor("How can I help?")).not.toContain("Resume a conversation");
  });
});
