import * as nodeModule from "node:module";

// Ink takes one function, `throttle`, from es-toolkit's `compat` entry, whose index loads
// all of its 415 modules: about 120 ms of a 2-core machine's launch, a third of the time
// to a ready screen. es-toolkit publishes the function alone as `es-toolkit/compat/throttle`
// (a default export); Ink is handed a module that re-exports that under Ink's name. The
// app pins Ink's exact version: a release that imported another name would not link.
const BARREL = "es-toolkit/compat";
const ALONE = "es-toolkit/compat/throttle";

let registered = false;

/**
 * Has Ink's `throttle` import load the function alone. Call before the first import of
 * anything that imports Ink: a module graph is resolved before any of it runs. Without
 * `module.registerHooks` (Node before 22.15), or with an es-toolkit that lacks the
 * subpath, Ink loads as it always does.
 */
export function leanInkImports() {
  if (registered || typeof nodeModule.registerHooks !== "function") return;
  registered = true;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier !== BARREL || !/[\\/]ink[\\/]build[\\/]/.test(context.parentURL ?? "")) {
        return nextResolve(specifier, context);
      }
      let alone: string;
      let barrel: string;
      try {
        alone = nextResolve(ALONE, context).url;
        barrel = nextResolve(BARREL, context).url;
      } catch {
        return nextResolve(specifier, context);
      }
      // Should the subpath ever stop exporting the function, the whole index still has it.
      const source = `import * as alone from ${JSON.stringify(alone)};
        export const throttle = alone.default ?? alone.throttle ?? (await import(${JSON.stringify(barrel)})).throttle;`;
      return { url: `data:text/javascript,${encodeURIComponent(source)}`, shortCircuit: true };
    },
  });
}
