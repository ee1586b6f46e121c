import { describe, expect, it } from "vitest";
import { Continuation, trailingLabel } from "./continuation.js";

function continued(label: string | undefined, deltas: readonly string[]) {
  const continuation = new Continuation(label);
  return deltas.map((delta) => continuation.push(delta)).join("") + continuation.flush();
}

describe("continuing a scratchpad from a chat model's reply", () => {
  it("finds the open label a ReAct prompt ends with", () => {
    expect(trailingLabel("Question: q\nThought:")).toBe("Thought:");
    expect(trailingLabel("steps\nFinal Answer:")).toBe("Final Answer:");
    expect(trailingLabel("Question: q\nThought: ")).toBeUndefined();
    expect(trailingLabel("Observation: 5")).toBeUndefined();
    expect(trailingLabel("")).toBeUndefined();
  });

  it("drops a repeated label, in any case and split over deltas", () => {
    expect(continued("Thought:", ["Thought: I know"])).toBe(" I know");
    expect(continued("Thought:", ["\n", "Tho", "ught", ":", " I know"])).toBe(" I know");
    expect(continued("Thought:", ["thought:\nAction: x"])).toBe("\nAction: x");
  });

  it("starts the text after the label with a space, and keeps text that is not the label", () => {
    expect(continued("Thought:", ["I ", "know"])).toBe(" I know");
    expect(continued("Thought:", ["Though it seems"])).toBe(" Though it seems");
    expect(continued("Thought:", ["\nAction: calculator"])).toBe("\nAction: calculator");
    expect(continued("Thought:", [" I know"])).toBe(" I know");
  });

  it("leaves replies to prompts without a label as they are, and empty replies empty", () => {
    expect(continued(undefined, ["Thought: x"])).toBe("Thought: x");
    expect(continued("Thought:", [])).toBe("");
    expect(continued("Thought:", ["Thought:"])).toBe("");
    expect(continued("Thought:", ["Tho"])).toBe(" Tho");
  });
});
