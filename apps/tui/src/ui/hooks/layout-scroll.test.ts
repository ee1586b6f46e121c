import { describe, expect, it } from "vitest";
import { computeLayout } from "./use-layout.js";
import { firstRow, scrolled } from "./use-scroll.js";

describe("computeLayout", () => {
  it("puts the panes side by side from 100 columns, and stacks them below", () => {
    const wide = computeLayout(120, 40);
    expect(wide.direction).toBe("row");
    expect(wide.conversation.width + wide.trace.width).toBe(120);
    const narrow = computeLayout(99, 40);
    expect(narrow.direction).toBe("column");
    expect(narrow.conversation.width).toBe(99);
    expect(narrow.conversation.height + narrow.trace.height).toBe(36);
  });
});

describe("scrolled", () => {
  it("pages up from the end, keeps its place, and follows again at the end", () => {
    expect(scrolled("end", -1, 50, 10)).toBe(41);
    expect(scrolled(41, -1, 50, 10)).toBe(32);
    expect(scrolled(5, -1, 50, 10)).toBe(0);
    expect(scrolled(45, 1, 50, 10)).toBe("end");
    expect(firstRow("end", 50)).toBe(50);
    expect(firstRow(70, 50)).toBe(50);
  });
});
