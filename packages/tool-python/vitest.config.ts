import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// Each sandbox test file starts Deno processes that load Pyodide (seconds of CPU each),
// and the CPU-time limits under test must not be overtaken by their wall-clock backstop:
// those files run in the serial phase (test:serial), one at a time.
export default mergeConfig(shared, defineConfig({ test: { fileParallelism: false } }));
