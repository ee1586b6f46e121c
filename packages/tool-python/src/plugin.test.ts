import { isLangchainMiniError } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { availability, createTools, description, environment } from "./plugin.js";
import { denoChildren, isRunning, waitFor } from "./test-support/processes.js";

describe("the python plug-in module", () => {
  it("is available where deno and Pyodide are installed", () => {
    expect(availability({})).toEqual({ available: true });
    expect(description).toMatch(/sandbox/);
    expect(environment.map((variable) => variable.name)).toEqual([
      "PYTHON_TOOL_CPU_MS",
      "PYTHON_TOOL_MEMORY_MB",
      "PYTHON_TOOL_OUTPUT_CHARS",
      "PYTHON_TOOL_STARTUP_CPU_MS",
      "PYTHON_TOOL_DENO",
    ]);
  });

  it("says in one line what to do when the deno it is told to use is missing", () => {
    const env = { PYTHON_TOOL_DENO: "/nowhere/deno" };
    const reason =
      "PYTHON_TOOL_DENO names /nowhere/deno, which does not exist: point it at a deno executable (2.x) or unset it";
    expect(availability(env)).toEqual({ available: false, reason });
    try {
      createTools({ env });
      expect.unreachable();
    } catch (error) {
      expect(isLangchainMiniError(error) && error.code).toBe("config_invalid");
      expect((error as Error).message).toBe(reason);
    }
  });

  // Linux, as the sandbox tests (which read /proc) assume throughout.
  it("says in one line what to install when prlimit, which bounds its memory, is missing", () => {
    expect(availability({ PATH: "/nowhere:/nor-here" })).toEqual({
      available: false,
      reason:
        "prlimit, which bounds the Python sandbox's memory, is not on PATH: install util-linux (e.g. apt-get install util-linux)",
    });
    expect(() => createTools({ env: { PATH: "/nowhere" } })).toThrow(/^prlimit, which bounds/);
  });

  it("the set's close() ends the sandboxes of the tool it made", async () => {
    const { tools, close } = createTools({ env: {} });
    const [tool] = tools;
    expect(tool?.name).toBe("python");
    // It runs code the model wrote: agents ask the user first.
    expect(tool?.needsApproval).toBe(true);
    await waitFor(() => denoChildren().length > 0, 60_000, "a sandbox");
    const sandboxes = denoChildren();
    await close?.();
    await waitFor(() => !sandboxes.some(isRunning), 30_000, "the sandboxes to end");
  }, 90_000);

  it("refuses a bad limit before starting anything", () => {
    expect(() => createTools({ env: { PYTHON_TOOL_OUTPUT_CHARS: "-1" } })).toThrow(
      "PYTHON_TOOL_OUTPUT_CHARS must be a whole number of characters from 100 to 1000000, not -1",
    );
  });
});
