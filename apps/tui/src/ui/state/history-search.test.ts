import { describe, expect, it } from "vitest";
import { EMPTY_LINE, editLine, type LineEdit, type LineState } from "./line-editor.js";

const asked = ["weather in Tenerife", "square root of 25", "weather in Oslo", "capital of Peru"];
const withHistory: LineState = { ...EMPTY_LINE, history: asked, historyIndex: asked.length };
const edits = (state: LineState, ...list: LineEdit[]) => list.reduce(editLine, state);
const type = (text: string): LineEdit => ({ type: "search-type", text });

describe("Ctrl+R: searching earlier questions", () => {
  it("finds the newest question with what is typed, ignoring case, and older ones on Ctrl+R", () => {
    let state = edits({ ...withHistory, text: "draft" }, { type: "search" }, type("WEA"));
    expect(state.search).toEqual({ query: "WEA", index: 2 });
    state = editLine(state, { type: "search" });
    expect(state.search?.index).toBe(0);
    // No older one: it stays on the oldest.
    expect(editLine(state, { type: "search" }).search?.index).toBe(0);
    // The line is untouched until the match is taken.
    expect(state.text).toBe("draft");
    state = editLine(state, { type: "search-accept" });
    expect(state).toMatchObject({ text: "weather in Tenerife", cursor: 19, search: undefined });
  });

  it("says nothing matches, erases back to a match, and Esc gives the line back", () => {
    let state = edits(withHistory, { type: "search" }, type("root"), type("x"));
    expect(state.search).toEqual({ query: "rootx", index: undefined });
    state = editLine(state, { type: "search-erase" });
    expect(state.search).toEqual({ query: "root", index: 1 });
    state = edits({ ...state, text: "mine" }, { type: "search-cancel" });
    expect(state).toMatchObject({ text: "mine", search: undefined });
    expect(editLine(state, { type: "search-accept" }).text).toBe("mine");
  });
});
