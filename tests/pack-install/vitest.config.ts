import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// npm fetches third-party dependencies from the registry on a cold cache, and each file
// installs tarballs with npm before its first test; each test then runs the CLI or tmux:
// allow for both on a busy machine, and one file at a time, so two npm installs never
// share the two cores.
export default mergeConfig(
  shared,
  defineConfig({
    test: {
      globalSetup: ["src/global-setup.ts"],
      fileParallelism: false,
      testTimeout: 180_000,
      hookTimeout: 300_000,
    },
  }),
);
