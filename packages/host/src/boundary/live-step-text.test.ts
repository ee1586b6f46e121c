import { parseReAct } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { type LiveStepText, liveChatText, liveReActAnswer } from "./live-step-text.js";

/** Feeds a completion in pieces of `size`; gives the thoughts and the text it let out. */
function stream(live: LiveStepText, completion: string, size: number) {
  let text = "";
  const thoughts = new Set<string>();
  for (let start = 0; start < completion.length; start += size) {
    const known = live(completion.slice(start, start + size));
    if (!known) continue;
    text += known.added;
    thoughts.add(known.thought);
  }
  return { text, thoughts: [...thoughts] };
}

// Layouts models write, and the parser's rules that end, cut or trim an answer.
const completions = [
  " I now know the final answer\nFinal Answer: The square root of 25 is 5.",
  "\n\nFinal Answer: There are 404 five year periods.\nThat is all.\n",
  " Thought: done\n**Final Answer:** Paris.\nIt has 2 million people.\n\n",
  "Final Answer: first line\nsecond line\nAction: search\nAction Input: more\n",
  "Final Answer: one\nQuestion: what next?\nThought: more",
  "Final Answer: kept\nObservation: invented\nFinal Answer: other\n",
  "Thought: x\r\nFinal Answer: windows\r\nline endings\r\n",
  "Final Answer: ```\ncode block\n```\nAfter the fence.\nObs",
  "   Final Answer 1:   indented and numbered\n   still the answer   \n",
  " I will search\nAction: search\nAction Input: Final Answer: not an answer\nFinal Answer: x\n",
  " Action: None\nFinal Answer: an answer after an action that cannot run\nsecond\n",
  "Final Answer:\n\n  \nlate start\nand more\n",
  "Final Answer:    \n",
  "no labels at all\njust text\n",
];

describe("a ReAct step's answer while it streams", () => {
  it("lets out only text the parsed answer begins with, whatever the pieces", () => {
    for (const completion of completions) {
      const parsed = parseReAct(completion);
      for (const size of [1, 2, 3, 7, 64, completion.length]) {
        const { text, thoughts } = stream(liveReActAnswer(), completion, size);
        if (parsed.type !== "final-answer") {
          expect(text, completion).toBe("");
          continue;
        }
        expect(parsed.answer.startsWith(text), `${size}: ${completion}`).toBe(true);
        expect(thoughts.every((thought) => thought === parsed.thought)).toBe(true);
      }
    }
  });

  it("lets out every complete line of an answer, and of a long one too", () => {
    const { text } = stream(
      liveReActAnswer(),
      " Thought: sure\nFinal Answer: line one\nline two\nline three",
      1,
    );
    expect(text).toBe("line one\nline two");
    const lines = Array.from({ length: 2_000 }, (_, index) => `line ${index} of a long answer`);
    const long = stream(liveReActAnswer(), `Final Answer: ${lines.join("\n")}`, 5);
    const answer = lines.join("\n");
    expect(answer.startsWith(long.text)).toBe(true);
    // Past a few kilobytes the parse waits for the text to grow by an eighth.
    expect(long.text.length).toBeGreaterThan((answer.length * 7) / 8);
  });
});

describe("a tools-mode step's text while it streams", () => {
  it("is the text trimmed at both ends, trailing whitespace held until text follows", () => {
    for (const completion of ["  \n Hello there,\n  world.  \n\n", "one", " \t ", "a  b\n\n c  "]) {
      for (const size of [1, 2, 5, completion.length]) {
        expect(stream(liveChatText(), completion, size).text).toBe(completion.trim());
      }
    }
  });
});
