// The published CLI: one code-split bundle of the app, the host, core, the built-in
// providers, tools and stores with their SDKs, and Ink and React, in dist/. A chunk loads
// when a command needs it (the OpenAI SDK only for a run with OpenAI, Ink only for the
// terminal UI), and `npm install -g` fetches only what stays outside (see `external`).
import { builtinModules } from "node:module";
import { join } from "node:path";
import { leanInk } from "./lean-ink.bundle.js";

const nodeBuiltIns = new Set(builtinModules);

/**
 * Left as imports: Node's own modules; Ink's optional devtools, which it loads only when
 * DEV=true and which the CLI does not install; and string-width, which the lean start
 * loads only for a text that needs its full rules (see lean-ink.bundle.js), installed
 * beside the bundle. Core is bundled like the rest, and also installed beside the
 * bundle: plug-ins that `plugins add` installs link to that copy. The two copies agree
 * because nothing crosses between them by `instanceof` (errors carry a brand, the plug-in
 * contract is checked by shape).
 */
function external(id, importer) {
  return (
    id.startsWith("node:") ||
    nodeBuiltIns.has(id) ||
    id === "react-devtools-core" ||
    (id === "string-width" && importer?.startsWith("\0lean-string-width") === true)
  );
}

export default {
  input: { cli: "src/cli.ts" },
  platform: "node",
  external,
  plugins: [leanInk({ leanStringWidth: join(import.meta.dirname, "src/ui/lean-string-width.ts") })],
  treeshake: {
    // The app's package says it has no side effects, for the packages that import it;
    // its own entry and command modules are nothing but side effects.
    moduleSideEffects: (id) => (id.includes("/apps/tui/src/") ? true : undefined),
  },
  output: {
    dir: "dist",
    format: "esm",
    chunkFileNames: "[name]-[hash].js",
  },
};
