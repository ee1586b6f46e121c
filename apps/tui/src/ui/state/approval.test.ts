import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { approvalView, type PendingApproval, reduceApproval } from "./approval.js";
import { approvalIntent } from "./approval-keys.js";

const asked = reduceApproval(undefined, {
  type: "approval-asked",
  tool: "write_file",
  origin: 'MCP server "files"',
  input: Array.from({ length: 30 }, (_, line) => `line ${line + 1}`).join("\n"),
}) as PendingApproval;

const key = (pressed: Partial<Key> = {}) => pressed as Key;

describe("the approval prompt's state", () => {
  it("starts at the choice, takes a note after n, and goes when answered", () => {
    expect(asked).toMatchObject({ tool: "write_file", stage: "choose", top: 0 });
    let state = reduceApproval(asked, { type: "approval-note-started" });
    state = reduceApproval(state, {
      type: "approval-note-edited",
      edit: { type: "insert", text: "no" },
    });
    expect(state).toMatchObject({ stage: "note", note: { text: "no" } });
    expect(reduceApproval(state, { type: "approval-answered" })).toBeUndefined();
  });

  it("shows as much input as leaves the panes a row, cut to the width, and scrolls within it", () => {
    const small = approvalView(asked, 40, 12);
    expect(small.shown).toBe(3);
    expect(small.rows).toBe(7);
    expect(small.max).toBe(27);
    const tall = approvalView(asked, 120, 60);
    expect(tall.shown).toBe(12);
    const wide = approvalView({ ...asked, input: "x".repeat(100) }, 40, 40);
    expect(wide.lines).toEqual(["x".repeat(36), "x".repeat(36), "x".repeat(28)]);
    const scrolled = reduceApproval(asked, { type: "approval-scrolled", by: 100, max: small.max });
    expect(scrolled?.top).toBe(27);
    expect(reduceApproval(scrolled, { type: "approval-scrolled", by: -200, max: 27 })?.top).toBe(0);
  });
});

describe("approvalIntent", () => {
  it("y and Enter run the call, a runs it from now on, n declines", () => {
    expect(approvalIntent("y", key(), "choose")).toEqual({ type: "approve", always: false });
    expect(approvalIntent("", key({ return: true }), "choose")).toEqual({
      type: "approve",
      always: false,
    });
    expect(approvalIntent("a", key(), "choose")).toEqual({ type: "approve", always: true });
    expect(approvalIntent("n", key(), "choose")).toEqual({ type: "decline" });
  });

  it("↑/↓ scroll the input; Esc and Ctrl+C pass to the app; Tab and PgUp reach the panes; other letters are swallowed", () => {
    expect(approvalIntent("", key({ downArrow: true }), "choose")).toEqual({
      type: "scroll",
      by: 1,
    });
    expect(approvalIntent("", key({ escape: true }), "choose")).toEqual({ type: "pass" });
    expect(approvalIntent("c", key({ ctrl: true }), "choose")).toEqual({ type: "pass" });
    expect(approvalIntent("", key({ tab: true }), "choose")).toEqual({ type: "pass" });
    expect(approvalIntent("", key({ pageUp: true }), "choose")).toEqual({ type: "pass" });
    expect(approvalIntent("x", key(), "choose")).toEqual({ type: "ignore" });
  });

  it("in the note, letters edit it and Enter sends it (text typed ahead of Enter included)", () => {
    expect(approvalIntent("y", key(), "note")).toEqual({
      type: "edit-note",
      edit: { type: "insert", text: "y" },
    });
    expect(approvalIntent("", key({ backspace: true }), "note")).toEqual({
      type: "edit-note",
      edit: { type: "backspace" },
    });
    expect(approvalIntent("", key({ return: true }), "note")).toEqual({ type: "send-note" });
    expect(approvalIntent("use the copy\r", key(), "note")).toEqual({
      type: "send-note",
      typed: "use the copy",
    });
    expect(approvalIntent("", key({ escape: true }), "note")).toEqual({ type: "pass" });
    expect(approvalIntent("", key({ upArrow: true }), "note")).toEqual({ type: "ignore" });
  });
});
