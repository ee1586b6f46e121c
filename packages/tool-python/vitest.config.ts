import { defineConfig } from "vitest/config";

// Each test file starts Deno processes that load Pyodide (seconds of CPU each): one file
// at a time keeps a 2-core machine from starving them.
export default defineConfig({ test: { fileParallelism: false } });
