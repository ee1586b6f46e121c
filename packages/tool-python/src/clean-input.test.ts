import { describe, expect, it } from "vitest";
import { cleanInput } from "./clean-input.js";

describe("cleanInput", () => {
  it("takes the code out of a Markdown fence, with or without a language", () => {
    expect(cleanInput("```python\nprint(1)\nprint(2)\n```")).toBe("print(1)\nprint(2)");
    expect(cleanInput("```py\nx = 1\n```")).toBe("x = 1");
    expect(cleanInput("```\nx = 1\n```")).toBe("x = 1");
    expect(cleanInput("  ```Python\r\nx = 1\r\n```  ")).toBe("x = 1");
  });

  it("takes one line out of single backticks", () => {
    expect(cleanInput("`2 ** 10`")).toBe("2 ** 10");
  });

  it("keeps indentation and inner backticks, dropping blank lines around the code", () => {
    expect(cleanInput("\n\n    a = 1\n    a\n\n")).toBe("    a = 1\n    a");
    expect(cleanInput("s = '`'\ns")).toBe("s = '`'\ns");
    expect(cleanInput("   \n  ")).toBe("");
  });
});
