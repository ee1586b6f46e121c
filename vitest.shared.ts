import { defineConfig } from "vitest/config";

/**
 * The limits every package's tests run under. Many tests start local servers, spawn the
 * CLI or drive it in tmux: alone each takes well under a second, but on a busy 2-core
 * machine running the whole workspace at once one took more than ten, so vitest's 5 s
 * default flaked. A test that truly hangs still fails, with the condition it waited on.
 *
 * Each run also leaves a JSON report beside the package's dependencies, which
 * `scripts/test.js` reads to end a failed run with the names of the failed tests (a
 * package with two test scripts names the second one's report on its command line).
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default", "json"],
    outputFile: { json: "node_modules/.vitest/report.json" },
  },
});
