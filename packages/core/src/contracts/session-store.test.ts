import { describe, expect, it } from "vitest";
import { checkSessionName, isSessionName } from "./session-store.js";

describe("session names", () => {
  const valid = ["default", "work-2026", "a.b_c", "A", "x".repeat(64)];
  const invalid = ["", ".hidden", "a..b", "../etc", "a/b", "a b", "x".repeat(65), "é"];

  it("takes letters, digits, '.', '_' and '-', up to 64, starting with a letter or digit", () => {
    for (const name of valid) {
      expect(isSessionName(name)).toBe(true);
      expect(checkSessionName(name)).toBe(name);
    }
  });

  it("refuses paths and anything else, with a message that says what a name may hold", () => {
    for (const name of invalid) {
      expect(isSessionName(name)).toBe(false);
      expect(() => checkSessionName(name)).toThrow(/is not a session name: use letters, digits/);
    }
  });
});
