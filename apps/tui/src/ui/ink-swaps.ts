import { existsSync, readFileSync } from "node:fs";
// Not a named import: Node 22 before 22.14 lacks findPackageJSON, and a missing named
// export would keep the terminal UI from loading there. Swaps only run where hooks do (22.15).
import * as nodeModule from "node:module";
import { fileURLToPath } from "node:url";

/** Resolves a specifier as an import from `from` (by default, the importer at hand) would. */
export type Resolve = (specifier: string, from?: string) => string;

interface Swap {
  /** The importers whose import is swapped. */
  readonly from: RegExp;
  /**
   * The module they get instead (a `data:` URL), given what the import resolves to; or
   * undefined, when that is not the package this swap was made for: the import stands.
   */
  readonly url: (target: string, resolve: Resolve) => string | undefined;
}

const INK = /[\\/]ink[\\/]build[\\/]/;
/** Ink and the packages it measures text with, all on the same string-width. */
const INK_TEXT = /[\\/](?:ink[\\/]build|wrap-ansi|widest-line|cli-truncate|slice-ansi)[\\/]/;

const moduleUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;
const quoted = (url: string | URL) => JSON.stringify(String(url));
const own = (file: string) => quoted(new URL(file, import.meta.url));

function majorVersion(url: string): number {
  const file = nodeModule.findPackageJSON(url);
  if (!file) return Number.NaN;
  const { version } = JSON.parse(readFileSync(file, "utf8")) as { version?: unknown };
  return typeof version === "string" ? Number.parseInt(version, 10) : Number.NaN;
}

/**
 * Ink takes one function, `throttle`, from es-toolkit's `compat` entry, whose index loads
 * all of its 415 modules: about 120 ms of a 2-core machine's launch. es-toolkit publishes
 * the function alone as `es-toolkit/compat/throttle` (a default export); Ink gets a module
 * that re-exports that under Ink's name. The app pins Ink's exact version: a release that
 * imported another name would not link.
 */
const throttleAlone: Swap = {
  from: INK,
  url(barrel, resolve) {
    const alone = resolve("es-toolkit/compat/throttle");
    // Should the subpath ever stop exporting the function, the whole index still has it.
    return moduleUrl(`import * as alone from ${quoted(alone)};
      export const throttle = alone.default ?? alone.throttle ?? (await import(${quoted(barrel)})).throttle;`);
  },
};

/**
 * Yoga's WebAssembly sits in its JavaScript as a `data:` URL, which its loader fetches:
 * Node then loads its whole fetch implementation (undici, streams, TLS), 35 ms of the
 * launch. Handed the bytes (Emscripten's `wasmBinary`), it never fetches.
 */
const yogaWithoutFetch: Swap = {
  from: INK,
  url(index) {
    if (majorVersion(index) !== 3) return undefined;
    const glue = new URL("../binaries/yoga-wasm-base64-esm.js", index);
    const wrap = new URL("./wrapAssembly.js", index);
    const enums = new URL("./generated/YGEnums.js", index);
    if (![glue, wrap, enums].every((url) => existsSync(fileURLToPath(url)))) return undefined;
    return moduleUrl(`import loadYoga from ${quoted(glue)};
      import wrapAssembly from ${quoted(wrap)};
      import { yogaOptions } from ${own("./lean-yoga.js")};
      export * from ${quoted(enums)};
      export default wrapAssembly(await loadYoga(yogaOptions(${quoted(glue)})));`);
  },
};

/** See `lean-string-width.ts`; made for string-width 8, whose rules it repeats in part. */
const leanStringWidth: Swap = {
  from: INK_TEXT,
  url(real, resolve) {
    // It loads string-width with require(): Node ≥ 22.12 (hooks need 22.15 anyway).
    if (!process.features.require_module || majorVersion(real) !== 8) return undefined;
    const stripAnsi = resolve("strip-ansi", real);
    const eastAsianWidth = resolve("get-east-asian-width", real);
    return moduleUrl(`import stripAnsi from ${quoted(stripAnsi)};
      import { eastAsianWidth } from ${quoted(eastAsianWidth)};
      import { leanStringWidth } from ${own("./lean-string-width.js")};
      export default leanStringWidth(${quoted(real)}, eastAsianWidth, stripAnsi);`);
  },
};

/** A React package's entry that picks its production build by NODE_ENV, as React's do. */
const PICKS_BUILD =
  /process\.env\.NODE_ENV === 'production'\) \{\s*module\.exports = require\('(\.\/cjs\/[\w.-]+\.production\.js)'\);/;

/** The production build an entry of React's would pick when it runs, if it is one. */
function productionBuild(entry: string): string | undefined {
  if (process.env.NODE_ENV !== "production" || !entry.startsWith("file:")) return undefined;
  const build = PICKS_BUILD.exec(readFileSync(new URL(entry), "utf8"))?.[1];
  return build && new URL(build, entry).href;
}

/**
 * React's entries choose their production or development build when they run; for an
 * import, Node first reads and scans both builds for the names they export. With
 * NODE_ENV=production (set by the app before React loads) the import goes to the
 * production build, the file the entry would have picked.
 */
const reactProduction: Swap = { from: /./, url: productionBuild };

/**
 * Ink takes only the reconciler's default export, a function: required, its 460 kB build
 * is not scanned for names first.
 */
const reconcilerRequired: Swap = {
  from: INK,
  url(entry) {
    const build = productionBuild(entry);
    if (!build) return undefined;
    return moduleUrl(`import { createRequire } from "node:module";
      export default createRequire(${quoted(build)})(${quoted(fileURLToPath(build))});`);
  },
};

/** The imports swapped, by specifier. */
export const inkSwaps: ReadonlyMap<string, Swap> = new Map([
  ["es-toolkit/compat", throttleAlone],
  ["yoga-layout", yogaWithoutFetch],
  ["string-width", leanStringWidth],
  ["react", reactProduction],
  ["react/jsx-runtime", reactProduction],
  ["react-reconciler", reconcilerRequired],
  ["react-reconciler/constants.js", reactProduction],
]);
