import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { keyIntent } from "./key-map.js";

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};
const key = (pressed: Partial<Key>) => ({ ...NO_KEY, ...pressed });
const idle = { running: false, confirmingQuit: false };
const running = { running: true, confirmingQuit: false };

describe("keyIntent", () => {
  it("Ctrl+C quits when idle and asks first during a run", () => {
    expect(keyIntent("c", key({ ctrl: true }), idle).type).toBe("quit");
    expect(keyIntent("c", key({ ctrl: true }), running).type).toBe("ask-quit");
    expect(keyIntent("c", key({ ctrl: true }), { running: true, confirmingQuit: true }).type).toBe(
      "quit",
    );
  });

  it("Esc cancels a run (asking to quit or not) and clears the line when idle", () => {
    expect(keyIntent("", key({ escape: true }), running).type).toBe("cancel-run");
    expect(keyIntent("", key({ escape: true }), idle)).toEqual({
      type: "edit",
      edit: { type: "kill-line" },
    });
    expect(keyIntent("", key({ escape: true }), { running: true, confirmingQuit: true }).type).toBe(
      "cancel-run",
    );
    // While asking, other keys keep their meaning.
    expect(keyIntent("a", NO_KEY, { running: true, confirmingQuit: true })).toEqual({
      type: "edit",
      edit: { type: "insert", text: "a" },
    });
  });

  it("maps navigation keys", () => {
    expect(keyIntent("", key({ pageUp: true }), idle)).toEqual({ type: "scroll", direction: -1 });
    expect(keyIntent("", key({ pageDown: true }), idle)).toEqual({ type: "scroll", direction: 1 });
    expect(keyIntent("", key({ tab: true }), idle).type).toBe("focus-next");
    expect(keyIntent("", key({ upArrow: true }), idle)).toEqual({
      type: "edit",
      edit: { type: "older" },
    });
    expect(keyIntent("o", key({ ctrl: true }), idle).type).toBe("toggle-fold");
  });

  it("types text, and treats text ending in a newline as typed ahead and sent", () => {
    expect(keyIntent("a", NO_KEY, idle)).toEqual({
      type: "edit",
      edit: { type: "insert", text: "a" },
    });
    expect(keyIntent("What is 2+2?\r", NO_KEY, idle)).toEqual({
      type: "submit",
      typed: "What is 2+2?",
    });
    expect(keyIntent("", key({ return: true }), idle)).toEqual({ type: "submit" });
  });
});
