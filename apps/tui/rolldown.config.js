// The published CLI: one code-split bundle of the app, the host, core and the built-in
// providers, tools and stores with their SDKs, in dist/. A chunk loads when a command
// needs it (the OpenAI SDK only for a run with OpenAI), and `npm install -g` fetches only
// what cannot be bundled (see `external`).
import { builtinModules } from "node:module";

const nodeBuiltIns = new Set(builtinModules);

/**
 * Left as imports of installed packages: Node's own modules; Ink and React, because the
 * terminal UI swaps some of their imports as they load (see `ui/ink-swaps.ts`), which
 * needs them as files. Core is bundled like the rest, and also installed beside the
 * bundle: plug-ins that `plugins add` installs link to that copy. The two copies agree
 * because nothing crosses between them by `instanceof` (errors carry a brand, the plug-in
 * contract is checked by shape).
 */
function external(id) {
  return id.startsWith("node:") || nodeBuiltIns.has(id) || /^(ink|react)(\/|$)/.test(id);
}

export default {
  input: {
    cli: "src/cli.ts",
    // Loaded by file URL, not by import (see ui/ink-swaps.ts and its test): a file each.
    "lean-ink-imports": "src/ui/lean-ink-imports.ts",
    "lean-yoga": "src/ui/lean-yoga.ts",
    "lean-string-width": "src/ui/lean-string-width.ts",
  },
  platform: "node",
  external,
  treeshake: {
    // The app's package says it has no side effects, for the packages that import it;
    // its own entry and command modules are nothing but side effects.
    moduleSideEffects: (id) => (id.includes("/apps/tui/src/") ? true : undefined),
  },
  output: {
    dir: "dist",
    format: "esm",
    // Flat: ink-swaps.ts names lean-yoga.js and lean-string-width.js beside itself.
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
  },
};
