import { describe, expect, it } from "vitest";
import { stripControlSequences } from "./sanitize.js";

describe("stripControlSequences", () => {
  it("keeps ordinary text, newlines, tabs and non-ASCII letters", () => {
    const text = "Line one\n\tindented — café 東京 🚀";
    expect(stripControlSequences(text)).toBe(text);
  });

  it("removes colours and cursor movement (CSI)", () => {
    expect(stripControlSequences("\u001b[31mred\u001b[0m \u001b[2J\u001b[1;1Hhome")).toBe(
      "red home",
    );
    expect(stripControlSequences("a\u001b[?25lb\u001b[38;2;1;2;3mc")).toBe("abc");
    expect(stripControlSequences("8-bit \u009b2Jcsi")).toBe("8-bit csi");
  });

  it("removes title changes and hyperlinks (OSC), ended by BEL or ST, and unterminated ones", () => {
    expect(stripControlSequences("x\u001b]0;pwned\u0007y")).toBe("xy");
    expect(stripControlSequences("\u001b]8;;http://evil\u001b\\link\u001b]8;;\u001b\\")).toBe(
      "link",
    );
    expect(stripControlSequences("before\u001b]2;never ends")).toBe("before");
  });

  it("removes DCS strings, other escapes, C0 and C1 controls, and carriage returns", () => {
    expect(stripControlSequences("a\u001bPq#0;2;0;0;0\u001b\\b")).toBe("ab");
    expect(stripControlSequences("a\u001bcb\u001b7c\u001b(Bd")).toBe("abcd");
    expect(stripControlSequences("bell\u0007 back\bspace \u0085nel \u007fdel")).toBe(
      "bell backspace nel del",
    );
    expect(stripControlSequences("over\rwrite\r\nline")).toBe("over\nwrite\nline");
  });
});
