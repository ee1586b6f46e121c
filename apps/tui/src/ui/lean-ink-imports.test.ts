import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const built = pathToFileURL(resolve(import.meta.dirname, "../../dist/ui/lean-ink-imports.js")).href;

/** Loads Ink in a fresh process (as the app does) and says which modules came with it. */
function loadInk(lean: boolean) {
  const program = `
    import { registerHooks } from "node:module";
    const loaded = [];
    registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
    if (${lean}) (await import(${JSON.stringify(built)})).leanInkImports();
    const ink = await import("ink");
    console.log(JSON.stringify({ render: typeof ink.render, loaded }));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", program], {
    cwd: resolve(import.meta.dirname, "../.."),
    encoding: "utf8",
  });
  return JSON.parse(output) as { render: string; loaded: string[] };
}

const barrel = (urls: string[]) => urls.filter((url) => /es-toolkit\/dist\/compat\//.test(url));

describe("Ink's start-up", () => {
  it("takes throttle alone, not es-toolkit's 400-module compat index", () => {
    const lean = loadInk(true);
    expect(lean.render).toBe("function");
    expect(lean.loaded.some((url) => url.endsWith("/es-toolkit/compat/throttle.mjs"))).toBe(true);
    expect(barrel(lean.loaded).length).toBeLessThan(10);
    // The same import without it: what the app would pay.
    expect(barrel(loadInk(false).loaded).length).toBeGreaterThan(300);
  });
});
