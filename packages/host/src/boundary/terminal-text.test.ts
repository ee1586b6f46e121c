import { HOSTILE_TEXTS, TERMINAL_FORBIDDEN } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import { jsonText, terminalText } from "./terminal-text.js";

describe("terminalText", () => {
  it("keeps ordinary text, newlines, tabs and non-ASCII letters", () => {
    const text = "Line one\n\tindented — café 東京 🚀";
    expect(terminalText(text)).toBe(text);
  });

  it("removes colours and cursor movement (CSI)", () => {
    expect(terminalText("\u001b[31mred\u001b[0m \u001b[2J\u001b[1;1Hhome")).toBe("red home");
    expect(terminalText("a\u001b[?25lb\u001b[38;2;1;2;3mc")).toBe("abc");
    expect(terminalText("8-bit \u009b2Jcsi")).toBe("8-bit csi");
  });

  it("removes title changes and hyperlinks (OSC), ended by BEL or ST, and unterminated ones", () => {
    expect(terminalText("x\u001b]0;pwned\u0007y")).toBe("xy");
    expect(terminalText("\u001b]8;;http://evil\u001b\\link\u001b]8;;\u001b\\")).toBe("link");
    expect(terminalText("before\u001b]2;never ends")).toBe("before");
  });

  it("removes DCS strings, other escapes, C0 and C1 controls, and carriage returns", () => {
    expect(terminalText("a\u001bPq#0;2;0;0;0\u001b\\b")).toBe("ab");
    expect(terminalText("a\u001bcb\u001b7c\u001b(Bd")).toBe("abcd");
    expect(terminalText("bell\u0007 back\bspace \u0085nel \u007fdel")).toBe(
      "bell backspace nel del",
    );
    expect(terminalText("over\rwrite\r\nline")).toBe("over\nwrite\nline");
  });

  it("never hides the text after a stray string starter: a curly quote decoded as Latin-1, a lone ESC ]", () => {
    // "”" read as windows-1252 is "â€\u009d"; "ß" read as Latin-1 is "Ã\u009f".
    expect(terminalText("He said â€\u009dyes and Ã\u009f.")).toBe("He said â€yes and Ã.");
    expect(terminalText("line one \u001b]0;title\nline two")).toBe("line one \nline two");
    expect(terminalText("a\u001b]0;x\u001b[31mred")).toBe("ared");
  });

  it("removes bidirectional overrides, isolates, marks and zero-width characters", () => {
    expect(terminalText("invoice\u202etxt.exe\u202c")).toBe("invoicetxt.exe");
    expect(terminalText("pay\u200bpal \u2066x\u2069 a\u200d\u200cb \ufeffc")).toBe("paypal x ab c");
  });

  it.each(HOSTILE_TEXTS)("leaves nothing a terminal acts on of $kind: $name", ({ text }) => {
    const shown = terminalText(text);
    expect(shown).not.toMatch(TERMINAL_FORBIDDEN);
    // The words around the attack are still there.
    expect(shown.startsWith("a") || shown.startsWith("safe text")).toBe(true);
  });
});

describe("jsonText", () => {
  it.each(HOSTILE_TEXTS)(
    "is printable and parses back to the same $kind text: $name",
    ({ text }) => {
      const line = jsonText({ answer: text, constructor: text });
      expect(line).not.toMatch(TERMINAL_FORBIDDEN);
      expect(line).not.toContain("\n");
      expect(JSON.parse(line)).toEqual({ answer: text, constructor: text });
    },
  );

  it("indents as JSON.stringify does, escapes included", () => {
    const value = [{ completion: "a\u202eb" }];
    expect(jsonText(value, 2)).toBe(JSON.stringify(value, null, 2).replace("\u202e", "\\u202e"));
  });

  it("writes line and paragraph separators as escapes, and plain text as JSON.stringify does", () => {
    expect(jsonText({ text: "a\u2028b\u2029c" })).toBe('{"text":"a\\u2028b\\u2029c"}');
    const plain = { text: 'café 東京 🚀 "quoted" \\ tab\t' };
    expect(jsonText(plain)).toBe(JSON.stringify(plain));
  });
});
