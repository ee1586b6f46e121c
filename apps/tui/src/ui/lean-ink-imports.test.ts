import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const built = pathToFileURL(resolve(import.meta.dirname, "../../dist/lean-ink-imports.js")).href;

// Drawn by Ink in a child process: the app's own characters first, then text that needs
// string-width's full rules. Wrapped and cut in narrow boxes, coloured, as the app draws.
const FIRST = "How can I help? ╭─╮ │ · … → ⠋ café 東京";
const TEXTS = [
  "👍🏽 family 👨‍👩‍👧 flag 🇫🇷 keycap 1️⃣ heart ❤️ sun ☀ ✅",
  "e\u0301 combining a\u0308 Z\u0351\u0352\u0357 zero\u200bwidth soft\u00adhyphen",
  "東京 日本語 ｶﾞ 한국어 ᄀ\u1161\u11a8 क्षि ไทย",
  "\u001b[31mred\u001b[39m tab\there \u001b]8;;https://example.com\u0007link\u001b]8;;\u0007",
];

/**
 * Loads Ink in a fresh process (as the app does: React's production build) and draws
 * with it. Says what it drew, which modules came with Ink, which were there once the
 * first frame was drawn, and whether Node loaded its fetch implementation.
 */
function drawWithInk(lean: boolean) {
  const program = `
    import { registerHooks } from "node:module";
    const loaded = [];
    registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
    process.env.NODE_ENV = "production";
    if (${lean}) (await import(${JSON.stringify(built)})).leanInkImports();
    const { renderToString, Box, Text } = await import("ink");
    const { createElement: h } = await import("react");
    const draw = (text, columns, wrap) => renderToString(
      h(Box, { borderStyle: "round", paddingX: 1, width: columns },
        h(Text, { wrap }, h(Text, { bold: true, color: "cyan" }, "> "), text)),
      { columns: 80 });
    const frames = [draw(${JSON.stringify(FIRST)}, 40, "wrap")];
    const atFirstFrame = [...loaded];
    for (const text of ${JSON.stringify(TEXTS)})
      for (const columns of [12, 25, 60])
        for (const wrap of ["wrap", "truncate-end", "truncate-middle"]) frames.push(draw(text, columns, wrap));
    const fetchLoaded = process.moduleLoadList.some((name) => name.includes("undici"));
    console.log(JSON.stringify({ frames, loaded, atFirstFrame, fetchLoaded }));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", program], {
    cwd: resolve(import.meta.dirname, "../.."),
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "1" },
  });
  return JSON.parse(output) as {
    frames: string[];
    loaded: string[];
    atFirstFrame: string[];
    fetchLoaded: boolean;
  };
}

type Drawn = ReturnType<typeof drawWithInk>;
let lean: Drawn;
let plain: Drawn;
const esToolkit = (urls: string[]) => urls.filter((url) => /es-toolkit\/dist\/compat\//.test(url));
const stringWidth = (urls: string[]) => urls.some((url) => /string-width\/index\.js$/.test(url));

describe("Ink's start-up", () => {
  beforeAll(() => {
    lean = drawWithInk(true);
    plain = drawWithInk(false);
  });

  it("draws exactly what Ink draws as published: borders, wrapping, cutting, emoji, CJK, marks, colours", () => {
    expect(lean.frames).toHaveLength(1 + TEXTS.length * 9);
    expect(lean.frames).toEqual(plain.frames);
  });

  it("takes throttle alone, not es-toolkit's 400-module compat index", () => {
    expect(lean.loaded.some((url) => url.endsWith("/es-toolkit/compat/throttle.mjs"))).toBe(true);
    expect(esToolkit(lean.loaded).length).toBeLessThan(10);
    // The same import without it: what the app would pay.
    expect(esToolkit(plain.loaded).length).toBeGreaterThan(300);
  });

  it("hands Yoga its WebAssembly: Node's fetch implementation never loads", () => {
    expect(lean.fetchLoaded).toBe(false);
    expect(plain.fetchLoaded).toBe(true);
  });

  it("loads string-width only for text that needs it, after the first frame", () => {
    expect(stringWidth(lean.atFirstFrame)).toBe(false);
    expect(stringWidth(lean.loaded)).toBe(true);
    expect(stringWidth(plain.atFirstFrame)).toBe(true);
  });

  it("never reads React's development builds", () => {
    const development = (urls: string[]) => urls.filter((url) => url.endsWith(".development.js"));
    expect(development(lean.loaded)).toEqual([]);
    expect(development(plain.loaded).length).toBeGreaterThan(0);
  });
});
