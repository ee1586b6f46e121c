import { describe, expect, it } from "vitest";
import { parseLenientJson } from "./lenient-json.js";

function value(text: string) {
  const result = parseLenientJson(text);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe("parseLenientJson", () => {
  it("reads strict JSON", () => {
    expect(value('{"a": [1, 2.5e1, -3], "b": "x\\ny", "c": null}')).toEqual({
      a: [1, 25, -3],
      b: "x\ny",
      c: null,
    });
  });

  it("reads what models write: a fenced block, single quotes, bare keys, trailing commas", () => {
    expect(value('```json\n{"city": "Oslo"}\n```')).toEqual({ city: "Oslo" });
    expect(value("```\n{'city': 'Oslo', 'days': 2,}\n```")).toEqual({ city: "Oslo", days: 2 });
    expect(value("{city: \"O'Hare\", tags: ['a', 'b',],}")).toEqual({
      city: "O'Hare",
      tags: ["a", "b"],
    });
    expect(value("{'it\\'s': 'fine', ok: True, none: None}")).toEqual({
      "it's": "fine",
      ok: true,
      none: null,
    });
  });

  it("says what is wrong and where", () => {
    expect(parseLenientJson('{"a": 1 "b": 2}')).toEqual({
      ok: false,
      message: `expected ',' or '}' after a value at position 8 (near "\\"b\\": 2}")`,
    });
    expect(parseLenientJson('{"a": "open')).toEqual({
      ok: false,
      message: 'a string is not closed at position 6 (near "\\"open")',
    });
    expect(parseLenientJson('{"a": }')).toMatchObject({ ok: false });
    expect(parseLenientJson("{} trailing")).toMatchObject({
      ok: false,
      message: expect.stringContaining("unexpected text after the value"),
    });
  });

  it("keeps __proto__ an ordinary key", () => {
    const parsed = value("{'__proto__': {'polluted': true}, a: 1}") as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(["__proto__", "a"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses hostile nesting without overflowing the stack", () => {
    const deep = `${"[".repeat(100_000)}'x'${"]".repeat(100_000)}`;
    expect(parseLenientJson(deep)).toMatchObject({
      ok: false,
      message: expect.stringContaining("nested too deeply"),
    });
  });
});
