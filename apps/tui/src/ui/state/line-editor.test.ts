import { describe, expect, it } from "vitest";
import { EMPTY_LINE, editLine, type LineEdit, type LineState } from "./line-editor.js";

const apply = (state: LineState, ...edits: LineEdit[]) => edits.reduce(editLine, state);
const typed = (text: string): LineEdit => ({ type: "insert", text });

describe("editLine", () => {
  it("inserts at the cursor and deletes around it", () => {
    const state = apply(
      EMPTY_LINE,
      typed("helo"),
      { type: "left" },
      typed("l"),
      { type: "end" },
      {
        type: "backspace",
      },
    );
    expect(state).toMatchObject({ text: "hell", cursor: 4 });
    expect(apply(state, { type: "home" }, { type: "delete" })).toMatchObject({
      text: "ell",
      cursor: 0,
    });
  });

  it("turns pasted newlines into spaces", () => {
    expect(apply(EMPTY_LINE, typed("one\ntwo")).text).toBe("one two");
  });

  it("recalls earlier questions with Up and gives the draft back with Down", () => {
    let state = apply(EMPTY_LINE, typed("first"), { type: "submit" }, typed("second"), {
      type: "submit",
    });
    expect(state.text).toBe("");
    state = apply(state, typed("draft"), { type: "older" });
    expect(state.text).toBe("second");
    state = apply(state, { type: "older" }, { type: "older" });
    expect(state).toMatchObject({ text: "first", cursor: 5 });
    state = apply(state, { type: "newer" }, { type: "newer" });
    expect(state.text).toBe("draft");
  });

  it("keeps no blank lines or immediate repeats in history", () => {
    const state = apply(
      EMPTY_LINE,
      typed("a"),
      { type: "submit" },
      typed("a"),
      { type: "submit" },
      {
        type: "submit",
      },
    );
    expect(state.history).toEqual(["a"]);
  });
});
