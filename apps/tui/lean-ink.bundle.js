// The terminal UI's lean start, made when the CLI is bundled (a rolldown plug-in): Ink and
// the packages it draws with are bundled, and three of them are changed for what a
// terminal app's launch wants (es-toolkit needs nothing: only the one function Ink takes
// is bundled). Each change checks that the package is the shape it was made for;
// otherwise the package is bundled as it is.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Ink and the packages it measures text with, all on the same string-width. */
const INK_TEXT = /[\\/](?:ink[\\/]build|wrap-ansi|widest-line|cli-truncate|slice-ansi)[\\/]/;
/** React's packages, whose entries pick their production or development build at run time. */
const REACT = /[\\/]node_modules[\\/](?:react|react-reconciler|scheduler)[\\/]/;
/** Yoga's Emscripten loader: its WebAssembly inside, as a base64 `data:` URL. */
const YOGA_LOADER = /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
/** How the loader asks whether it can fetch (the only way it reaches Node's fetch). */
const ASKS_FOR_FETCH = '"function"!=typeof fetch';

const STRING_WIDTH = "\0lean-string-width";

/** The nearest package.json's major version of a resolved file. */
function majorVersion(file) {
  for (let directory = dirname(file); directory !== dirname(directory); ) {
    try {
      const { version } = JSON.parse(readFileSync(join(directory, "package.json"), "utf8"));
      if (typeof version === "string") return Number.parseInt(version, 10);
    } catch {
      // No package.json here, or one without a version (a nested "type" marker).
    }
    directory = dirname(directory);
  }
  return Number.NaN;
}

/** @param {{ leanStringWidth: string }} files the app's own module the string-width swap loads */
export function leanInk(files) {
  /** Each string-width 8 Ink's packages import, by the id of the module that stands in. */
  const stringWidths = new Map();
  return {
    name: "lean-ink",
    async resolveId(source, importer) {
      if (!importer) return null;
      if (source === "string-width" && INK_TEXT.test(importer)) {
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        if (resolved && majorVersion(resolved.id) === 8) {
          // Named by count, not path: the bundle says no builder's folder.
          const id = [...stringWidths].find(([, real]) => real === resolved.id)?.[0];
          if (id) return id;
          stringWidths.set(`${STRING_WIDTH}:${stringWidths.size + 1}`, resolved.id);
          return `${STRING_WIDTH}:${stringWidths.size}`;
        }
      }
      return null;
    },
    async load(id) {
      const real = stringWidths.get(id);
      if (real) {
        // Resolved as string-width's own imports: the same ANSI stripping and width table.
        const resolve = async (name) => (await this.resolve(name, real, { skipSelf: true }))?.id;
        return leanStringWidth(
          await resolve("strip-ansi"),
          await resolve("get-east-asian-width"),
          files,
        );
      }
      return null;
    },
    transform(code, id) {
      if (YOGA_LOADER.test(id)) return leanYoga(code, id);
      // React's entries: `if (process.env.NODE_ENV === 'production') module.exports =
      // require('./cjs/….production.js')`. Decided here, the development builds are not
      // bundled, and the app's React is production whatever NODE_ENV says.
      if (!REACT.test(id) || !code.includes("process.env.NODE_ENV")) return null;
      return code.replaceAll("process.env.NODE_ENV", '"production"');
    },
  };
}

/**
 * Yoga's WebAssembly sits in its loader as a base64 `data:` URL, which the loader fetches
 * whenever `fetch` exists: touching the global loads Node's whole fetch implementation
 * (undici, streams, TLS), 35 ms of the launch. Told there is none, it decodes the base64
 * itself, as it does where there is no fetch.
 */
function leanYoga(code, id) {
  if (majorVersion(id) !== 3 || !code.includes(ASKS_FOR_FETCH)) return null;
  return code.replaceAll(ASKS_FOR_FETCH, "true");
}

/**
 * string-width builds an emoji expression at import and compiles it at the first text
 * beyond ASCII, a box-drawing border included: 20–40 ms of a 2-core machine's launch.
 * Ink gets `leanStringWidth` (see src/ui/lean-string-width.ts) instead, which loads the
 * real string-width, installed beside the bundle, at the first text that needs it.
 */
function leanStringWidth(stripAnsi, eastAsianWidth, files) {
  return `import stripAnsi from ${JSON.stringify(stripAnsi)};
    import { eastAsianWidth } from ${JSON.stringify(eastAsianWidth)};
    import { leanStringWidth } from ${JSON.stringify(files.leanStringWidth)};
    // It loads string-width with require(): Node >= 22.12; before, the real one at once.
    export default process.features.require_module
      ? leanStringWidth(import.meta.resolve("string-width"), eastAsianWidth, stripAnsi)
      : (await import("string-width")).default;`;
}
