import { describe, expect, it } from "vitest";
import { MissingVariableError, renderTemplate, templateVariables } from "./render.js";

describe("renderTemplate", () => {
  it("fills every placeholder", () => {
    expect(
      renderTemplate("Q: {question} ({today})", { question: "2+2?", today: "2026-11-23" }),
    ).toBe("Q: 2+2? (2026-11-23)");
  });

  it("fails loudly, naming the variable, when a value is missing", () => {
    expect(() => renderTemplate("Q: {question} {tools}", { question: "x" })).toThrow(
      MissingVariableError,
    );
    expect(() => renderTemplate("Q: {question} {tools}", { question: "x" })).toThrow(
      "Prompt variable {tools} has no value",
    );
  });

  it("reads only the values given: {constructor} and {__proto__} are missing, not Object's", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(() => renderTemplate(`Q: {${name}}`, {})).toThrow(
        `Prompt variable {${name}} has no value`,
      );
    }
    expect(renderTemplate("{constructor}", JSON.parse('{"constructor":"given"}'))).toBe("given");
  });

  it("never re-reads the inside of a value", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is what is tested
    const question = "What does ${question} or {tools} or {{x}} mean?";
    expect(renderTemplate("Q: {question}\nT: {tools}", { question, tools: "calculator" })).toBe(
      `Q: ${question}\nT: calculator`,
    );
  });

  it("keeps doubled braces as literal braces", () => {
    expect(renderTemplate('JSON: {{"a": {value}}}', { value: "1" })).toBe('JSON: {"a": 1}');
  });

  it("lists the variables a template expects, in order of first use", () => {
    expect(templateVariables("{b} {a} {{c}} {b}")).toEqual(["b", "a"]);
  });

  it("inserts values with $ patterns as they are", () => {
    expect(renderTemplate("Q: {question}", { question: "What do $& and $1 and $$ mean?" })).toBe(
      "Q: What do $& and $1 and $$ mean?",
    );
  });

  it("leaves braces that are not a variable name alone", () => {
    expect(renderTemplate('{ spaced } {"a": 1} {1st} {', {})).toBe('{ spaced } {"a": 1} {1st} {');
  });

  it("names the first missing variable and keeps the error's code", () => {
    try {
      renderTemplate("{a} {b} {c}", { b: "x" });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        name: "MissingVariableError",
        code: "prompt_missing_variable",
        variable: "a",
        message: "Prompt variable {a} has no value: pass it when rendering the template",
      });
    }
  });

  it("accepts an empty string as a value", () => {
    expect(renderTemplate("[{x}]", { x: "" })).toBe("[]");
  });
});
