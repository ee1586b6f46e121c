import { describe, expect, it } from "vitest";
import { FUNCTION_NAME, ToolNamer } from "./tool-names.js";

describe("ToolNamer", () => {
  it("names tools <server>__<tool>", () => {
    expect(new ToolNamer().name("files", "read_file")).toBe("files__read_file");
  });

  it("keeps every name within the function-name rule", () => {
    const namer = new ToolNamer();
    const names = [
      namer.name("my files", "read.file"),
      namer.name("ünïcode", "tool/with:odd chars"),
      namer.name("a".repeat(40), "b".repeat(40)),
      namer.name("", ""),
    ];
    expect(names[0]).toBe("my_files__read_file");
    expect(names[2]).toHaveLength(64);
    for (const name of names) expect(name).toMatch(FUNCTION_NAME);
  });

  it("tells apart names that differ only in what was replaced, or in case", () => {
    const namer = new ToolNamer();
    const names = [
      namer.name("s", "a.b"),
      namer.name("s", "a_b"),
      namer.name("s", "Echo"),
      namer.name("s", "echo"),
    ];
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(4);
    expect(names[0]).toBe("s__a_b");
    expect(names[1]).toMatch(/^s__a_b_[0-9a-f]{8}$/);
  });

  it("cuts long names with a hash so that two long ones stay distinct", () => {
    const namer = new ToolNamer();
    const long = "x".repeat(70);
    const first = namer.name("server", `${long}1`);
    const second = namer.name("server", `${long}2`);
    expect(first).not.toBe(second);
    expect(first.length).toBeLessThanOrEqual(64);
  });
});
