import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// npm fetches third-party dependencies from the registry on a cold cache, and packs and
// installs a dozen tarballs before the first test; each test then runs npx or tmux: allow
// for both on a busy machine.
export default mergeConfig(
  shared,
  defineConfig({ test: { testTimeout: 180_000, hookTimeout: 300_000 } }),
);
