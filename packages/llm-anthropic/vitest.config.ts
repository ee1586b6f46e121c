import { defineConfig } from "vitest/config";

// These tests start servers and stream through the real SDK: on a loaded machine they
// wait on conditions, never on the clock, so they get room rather than a tight limit.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } });
