import { describe, expect, it } from "vitest";
import { renderUi } from "../../test-support/render-ui.js";
import type { ConversationEntry } from "../state/ui-state.js";
import { ConversationPane } from "./conversation-pane.js";

const entries: ConversationEntry[] = [
  { id: 1, kind: "notice", text: "SERPAPI_API_KEY is not set, so web search is left out" },
  { id: 2, kind: "question", text: "What is 2+2?" },
  { id: 3, kind: "answer", text: "4" },
  { id: 4, kind: "question", text: "And slowly?" },
  { id: 5, kind: "cancelled", text: "cancelled" },
  { id: 6, kind: "question", text: "Once more" },
  { id: 7, kind: "error", text: "OPENAI_API_KEY was rejected by the server" },
];

function drawConversation(
  list: readonly ConversationEntry[],
  { rows = 20, position = "end" as number | "end", session = undefined as string | undefined } = {},
) {
  return renderUi(
    <ConversationPane
      entries={list}
      session={session}
      box={{ width: 80, height: rows }}
      focused={false}
      position={position}
      onMeasure={() => {}}
    />,
    { columns: 80, rows },
  );
}

describe("ConversationPane", () => {
  it("shows questions, answers, cancellations, errors and notices in order", async () => {
    const frame = (await drawConversation(entries, { session: "work" })).frame();
    expect(frame).toContain("Conversation · work");
    const order = [
      "web search is left out",
      "> What is 2+2?",
      "│ 4",
      "> And slowly?",
      "cancelled",
      "rejected",
    ];
    const positions = order.map((text) => frame.indexOf(text));
    expect(positions.every((position) => position !== -1)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("follows the end when the conversation outgrows the pane, and shows earlier rows when scrolled", async () => {
    const many = Array.from(
      { length: 30 },
      (_, index): ConversationEntry => ({
        id: index,
        kind: "answer",
        text: `answer ${index + 1}`,
      }),
    );
    const end = (await drawConversation(many, { rows: 10 })).frame();
    expect(end).toContain("answer 30");
    expect(end).not.toContain("answer 1\n");
    expect(end).toMatch(/Conversation ↑23/);
    const top = (await drawConversation(many, { rows: 10, position: 0 })).frame();
    expect(top).toMatch(/│ answer 1 /);
    expect(top).toMatch(/Conversation ↓23/);
    expect(top).not.toContain("answer 30");
  });
});
