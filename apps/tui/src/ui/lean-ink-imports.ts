import * as nodeModule from "node:module";
import { inkSwaps, type Resolve } from "./ink-swaps.js";

let registered = false;

/**
 * Has Ink load the way a terminal app's launch wants: es-toolkit's `throttle` alone, Yoga
 * without Node's fetch, string-width's costs left for the first text that needs them (see
 * `ink-swaps.ts`). Call before the first import of anything that imports Ink: a module
 * graph is resolved before any of it runs. Without `module.registerHooks` (Node before
 * 22.15), or where a dependency is not the shape a swap was made for, Ink loads as it
 * always does.
 */
export function leanInkImports() {
  if (registered || typeof nodeModule.registerHooks !== "function") return;
  registered = true;
  const swapped = new Map<string, string | undefined>();
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const swap = inkSwaps.get(specifier);
      const parent = context.parentURL ?? "";
      if (!swap?.from.test(parent)) return nextResolve(specifier, context);
      const resolve: Resolve = (name, from = parent) =>
        nextResolve(name, { ...context, parentURL: from }).url;
      let url: string | undefined;
      try {
        const target = resolve(specifier);
        // Every importer of one copy of the package gets the same module.
        if (!swapped.has(target)) swapped.set(target, swap.url(target, resolve));
        url = swapped.get(target);
      } catch {
        url = undefined;
      }
      if (url === undefined) return nextResolve(specifier, context);
      return { url, shortCircuit: true };
    },
  });
}
