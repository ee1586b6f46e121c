import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeDirectory } from "./make-directory.js";

const fresh = () => mkdtempSync(join(tmpdir(), "make-directory-"));

describe("makeDirectory", () => {
  it("makes every missing directory of a path, and leaves an existing one alone", () => {
    const root = fresh();
    const deep = join(root, "a", "b", "c");
    makeDirectory(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    makeDirectory(deep);
    makeDirectory(root);
  });

  it("says when part of the path is a file", () => {
    const root = fresh();
    writeFileSync(join(root, "file"), "x");
    expect(() => makeDirectory(join(root, "file", "sub"))).toThrow(
      expect.objectContaining({ code: "ENOTDIR" }),
    );
    expect(() => makeDirectory(join(root, "file"))).toThrow(
      expect.objectContaining({ code: "ENOTDIR" }),
    );
  });

  // Node's recursive mkdir never returns here (it retries the ENOENT forever).
  it.runIf(process.platform === "linux")("fails at once where the system refuses: /proc", () => {
    expect(() => makeDirectory("/proc/langchain-mini-nope/sessions")).toThrow(
      expect.objectContaining({ code: "ENOENT", message: expect.stringContaining("/proc/") }),
    );
  });
});
