import { ADD_ONS, BUILT_IN_PROVIDERS, BUILT_IN_STORES, BUILT_IN_TOOLS } from "@langchain-mini/host";
import { describe, expect, it } from "vitest";
import { BUNDLED_MODULES } from "./bundled-modules.js";

// The bundle carries every built-in but the add-ons: a built-in left out of the table
// would be looked up beside a bundle that has no packages beside it, and be missing.
describe("the bundle's built-ins", () => {
  const builtIns = new Set(
    [BUILT_IN_PROVIDERS, BUILT_IN_TOOLS, BUILT_IN_STORES].flatMap((table) => [...table.values()]),
  );

  it("are every built-in that is not an add-on", () => {
    const expected = [...builtIns].filter((specifier) => !ADD_ONS.has(specifier)).sort();
    expect([...BUNDLED_MODULES.keys()].sort()).toEqual(expected);
  });

  it("each load the module of its specifier", async () => {
    for (const [specifier, load] of BUNDLED_MODULES) {
      expect(await load(), specifier).toBe(await import(specifier));
    }
  });
});
