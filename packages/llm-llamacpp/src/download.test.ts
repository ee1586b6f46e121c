import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";

it("the download entry point finds and fetches models without loading llama.cpp", () => {
  const entry = pathToFileURL(resolve(import.meta.dirname, "../dist/download.js")).href;
  const script = `
    import { registerHooks } from "node:module";
    const seen = [];
    registerHooks({ load(url, context, next) { seen.push(url); return next(url, context); } });
    const download = await import(${JSON.stringify(entry)});
    console.log(JSON.stringify({ exports: Object.keys(download).sort(), llama: seen.some((url) => url.includes("node-llama-cpp")) }));
  `;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  expect(child.stderr).toBe("");
  const result = JSON.parse(child.stdout) as { exports: string[]; llama: boolean };
  expect(result.llama).toBe(false);
  expect(result.exports).toContain("resolveModelSource");
  expect(result.exports).toContain("RECOMMENDED_LOCAL_MODEL");
});
