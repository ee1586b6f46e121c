import { HOSTILE_ENTITIES, TERMINAL_FORBIDDEN } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import { plainText } from "./format-story.js";

describe("plainText on the shared hostile corpus", () => {
  for (const { name, text } of HOSTILE_ENTITIES) {
    it(`never decodes ${name} into a control, bidi or zero-width character`, () => {
      const plain = plainText(`<p>${text}</p>`);
      expect(plain).not.toMatch(TERMINAL_FORBIDDEN);
      // What the entity said is still there, as text.
      expect(plain.startsWith("a") && plain.endsWith("b")).toBe(true);
    });
  }
});
