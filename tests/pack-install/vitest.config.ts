import { defineConfig } from "vitest/config";

// npm fetches third-party dependencies from the registry on a cold cache: allow for it.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000 } });
