import { resolve } from "import-meta-resolve";
import { describe, expect, it } from "vitest";
import { leanStringWidth, type StringWidth } from "./lean-string-width.js";
import { type EastAsianWidth, SIMPLE_RANGES } from "./simple-width.js";

// The string-width Ink measures with, and the two modules it takes its answers from.
const real = resolve("string-width", resolve("ink", import.meta.url));
const stringWidth = ((await import(real)) as { default: StringWidth }).default;
const { eastAsianWidth } = (await import(resolve("get-east-asian-width", real))) as {
  eastAsianWidth: EastAsianWidth;
};
const stripAnsi = (
  (await import(resolve("strip-ansi", real))) as {
    default: (text: string) => string;
  }
).default;
const lean = leanStringWidth(real, eastAsianWidth, stripAnsi);

const OPTIONS = [
  {},
  { ambiguousIsNarrow: false },
  { countAnsiEscapeCodes: true },
  { ambiguousIsNarrow: false, countAnsiEscapeCodes: true },
];

const simpleCodePoints = SIMPLE_RANGES.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index),
);

const SAMPLES = [
  "How can I help? ",
  "╭──────╮ │ ╰─╯ ┼ ▍ ▸ • · … → ← ↑ ↓ × ° ± € ⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏",
  "東京 中文字 日本語のテキスト ｶﾀｶﾅ ﾊﾟﾋﾞ 한국어 각",
  "ＦＵＬＬ　ｗｉｄｔｈ、。「」",
  "café naïve Ελληνικά кириллица ß Ω ¡¿ «»",
  "e\u0301 a\u0308 n\u0303 Z\u0351\u0352\u0357\u0300\u0301\u0302 \u0301 alone",
  "👍 👍🏽 👨‍👩‍👧 🇫🇷 🇫 1️⃣ 1\u20e3 #️⃣ ❤️ ❤ ☀ ☀️ ⌚ ✅ ✓ ⭐ 🏳️‍🌈 🧑‍💻",
  "क्षि नमस्ते ไทย العربية עברית ᄀ\u1161\u11a8 ᄀᄀ\u1161",
  "zero\u200bwidth\u200d joiner\u00ad soft\ufeffbom \u2060 \u2028 \u180e",
  "tab\there\r\nline\u0000nul\u007fdel\u0085nel\u009b",
  "\u001b[31mred\u001b[39m \u001b[1;4mbold\u001b[0m \u001b[38;2;1;2;3mrgb\u001b[m",
  "\u001b]8;;https://example.com\u0007link\u001b]8;;\u0007 \u001b[2K \u001b[",
  "\u009b31mc1 csi\u009b0m \u001b[7m \u001b[27m x",
  "𝐀𝐁 𠀀𠀁 \ud800 lone \udc00 surrogates 🀄 🃏",
  "︰︱ ﹏ ＿ ｰ ﾞ ﾟ \u3099 \u309a が か\u3099",
  "",
  " ",
];

describe("the lean string-width", () => {
  it("gives string-width's widths on a broad sample, with every option", () => {
    for (const sample of SAMPLES) {
      for (const options of OPTIONS) {
        expect([sample, options, lean(sample, options)]).toEqual([
          sample,
          options,
          stringWidth(sample, options),
        ]);
      }
    }
    for (const notText of [undefined, 42, null]) {
      expect(lean(notText as unknown as string)).toBe(stringWidth(notText as unknown as string));
    }
  });

  it("gives string-width's width for every simple character, alone and in a run", () => {
    const wrong: string[] = [];
    for (const codePoint of simpleCodePoints) {
      const character = String.fromCodePoint(codePoint);
      for (const options of [{}, { ambiguousIsNarrow: false }]) {
        for (const text of [character, `a${character}${character}b`]) {
          if (lean(text, options) !== stringWidth(text, options)) wrong.push(text);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every simple character next to the ones around it, all in one text.
    const everything = simpleCodePoints
      .map((codePoint) => String.fromCodePoint(codePoint))
      .join("");
    for (const options of OPTIONS)
      expect(lean(everything, options)).toBe(stringWidth(everything, options));
  });
});
