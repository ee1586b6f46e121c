import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataHome } from "./data-home.js";

describe("dataHome", () => {
  it("is LANGCHAIN_MINI_HOME when it is set, whatever else is", () => {
    expect(dataHome({ LANGCHAIN_MINI_HOME: "/lm", XDG_DATA_HOME: "/xdg", HOME: "/h" })).toBe("/lm");
  });

  it("falls back to XDG_DATA_HOME, then HOME's .local/share", () => {
    expect(dataHome({ XDG_DATA_HOME: "/xdg", HOME: "/h" })).toBe(join("/xdg", "langchain-mini"));
    expect(dataHome({ HOME: "/h" })).toBe(join("/h", ".local", "share", "langchain-mini"));
  });

  it("treats an empty setting as unset", () => {
    expect(dataHome({ LANGCHAIN_MINI_HOME: "", XDG_DATA_HOME: "", HOME: "" })).toBe(
      join(homedir(), ".local", "share", "langchain-mini"),
    );
  });
});
