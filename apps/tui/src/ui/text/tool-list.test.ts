import { describe, expect, it } from "vitest";
import { formatToolList } from "./tool-list.js";

describe("formatToolList", () => {
  it("lists the app's tools, then each MCP server's tools under the server", () => {
    const text = formatToolList([
      { name: "calculator", description: "Useful for maths." },
      {
        name: "files__read",
        description: "Reads a file.\nMore detail.",
        origin: 'MCP server "files"',
      },
      { name: "web__fetch", description: "Fetches a page.", origin: 'MCP server "web"' },
      { name: "files__write", description: "Writes a file.", origin: 'MCP server "files"' },
    ]);
    expect(text).toBe(
      [
        "calculator: Useful for maths.",
        'MCP server "files":',
        "  files__read: Reads a file.",
        "  files__write: Writes a file.",
        'MCP server "web":',
        "  web__fetch: Fetches a page.",
      ].join("\n"),
    );
  });

  it("cuts long descriptions and removes escape sequences a server may send", () => {
    const text = formatToolList([
      {
        name: "x__y",
        description: `\u001b[2J${"a".repeat(300)}`,
        origin: "MCP server \u001b[31mx",
      },
    ]);
    expect(text).not.toContain("\u001b");
    expect(text.split("\n")[1]?.length).toBeLessThan(180);
  });

  it("says when there are no tools", () => {
    expect(formatToolList([])).toBe("No tools: the agent answers from the model alone");
  });
});
