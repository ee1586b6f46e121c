import { describe, expect, it } from "vitest";
import { computeLayout } from "./use-layout.js";
import { firstRow, scrolled } from "./use-scroll.js";

describe("computeLayout", () => {
  it("puts the panes side by side from 100 columns, and stacks them below", () => {
    const wide = computeLayout(120, 40);
    expect(wide.arrangement).toBe("side-by-side");
    expect(wide.conversation.width + wide.trace.width).toBe(120);
    const narrow = computeLayout(99, 40);
    expect(narrow.arrangement).toBe("stacked");
    expect(narrow.conversation.width).toBe(99);
    expect(narrow.conversation.height + narrow.trace.height).toBe(36);
  });

  it("shows one pane at a time when stacked panes would be too short, down to 40×12", () => {
    for (const [columns, rows] of [
      [80, 16],
      [80, 19],
      [40, 12],
    ] as const) {
      const layout = computeLayout(columns, rows);
      expect(layout.fits).toBe(true);
      expect(layout.arrangement).toBe("one-at-a-time");
      // Pane, status bar and the question line fill the window exactly.
      expect(layout.conversation.height + 1 + 3).toBe(rows);
      expect(layout.trace.height + 1 + 3).toBe(rows);
    }
    expect(computeLayout(80, 20).arrangement).toBe("stacked");
  });

  it("does not fit below 40×12", () => {
    expect(computeLayout(39, 30).fits).toBe(false);
    expect(computeLayout(120, 11).fits).toBe(false);
    expect(computeLayout(40, 12).fits).toBe(true);
  });

  it("gives the panes what a taller bottom box leaves", () => {
    const layout = computeLayout(120, 30, 9);
    expect(layout.paneRows).toBe(20);
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
