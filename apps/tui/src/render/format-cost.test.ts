import { describe, expect, it } from "vitest";
import { formatCost } from "./format-cost.js";

describe("formatCost", () => {
  it("shows cents above a dollar and two significant digits below", () => {
    expect(formatCost(12.345)).toBe("$12.35");
    expect(formatCost(1)).toBe("$1.00");
    expect(formatCost(0.5)).toBe("$0.50");
    expect(formatCost(0.0123)).toBe("$0.012");
    expect(formatCost(0.00038)).toBe("$0.00038");
    expect(formatCost(0.0000051)).toBe("$0.0000051");
  });

  it("says nothing was spent, or too little to show", () => {
    expect(formatCost(0)).toBe("$0");
    expect(formatCost(0.0000001)).toBe("<$0.000001");
  });
});
