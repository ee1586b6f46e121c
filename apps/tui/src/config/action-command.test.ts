import { afterEach, describe, expect, it, vi } from "vitest";
import { parseActionCommand } from "./action-command.js";

const USAGE = "Usage: langchain-mini things [list|show <name>]";

describe("parseActionCommand", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("lists when no action is given, and takes the one name after an action", () => {
    expect(parseActionCommand("things", [], USAGE, {})).toMatchObject({ action: "list" });
    const parsed = parseActionCommand("things", ["show", "work", "--trust"], USAGE, {});
    expect(parsed).toMatchObject({ action: "show", name: "work", values: { trust: true } });
  });

  it("reads the command's own options beside the common ones", () => {
    const parsed = parseActionCommand("things", ["--store", "redis://x", "--debug"], USAGE, {
      store: { type: "string" },
    });
    expect(parsed?.values).toMatchObject({ store: "redis://x", debug: true });
  });

  it("writes the usage for --help and leaves the rest to nobody", () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    expect(parseActionCommand("things", ["show", "-h"], USAGE, {})).toBeUndefined();
    expect(write).toHaveBeenCalledWith(`${USAGE}\n`);
  });

  it("refuses a second name and another command's option, saying how to call it", () => {
    expect(() => parseActionCommand("things", ["show", "a", "b"], USAGE, {})).toThrow(
      `things show takes one name.\n${USAGE}`,
    );
    expect(() => parseActionCommand("things", ["--store", "x"], USAGE, {})).toThrow(/--store/);
  });
});
