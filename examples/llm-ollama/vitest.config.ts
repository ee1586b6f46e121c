import { defineConfig } from "vitest/config";

// The tests talk to a local HTTP server: room for a busy machine, not vitest's 5 s.
export default defineConfig({ test: { testTimeout: 60_000 } });
