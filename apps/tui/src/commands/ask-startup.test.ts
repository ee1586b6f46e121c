import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";
import { packagesIn } from "../test-support/loaded-modules.js";

/** Packages that cost tens of milliseconds to load: only the commands that use them may. */
const HEAVY = ["openai", "ink", "react", "node-llama-cpp", "@node-llama-cpp"];

/** Reports, on stderr, every file the process loads. */
const HOOK = `import { registerHooks } from "node:module";
registerHooks({
  load(url, context, next) {
    if (url.startsWith("file:")) process.stderr.write("loaded-file " + url + "\\n");
    return next(url, context);
  },
});`;

describe("ask: start-up cost", () => {
  it("a scripted run loads no LLM SDK or UI library (they load only when a command needs them)", async () => {
    const directory = tempDir();
    const hook = join(directory, "hook.mjs");
    writeFileSync(hook, HOOK);
    const script = resolve(import.meta.dirname, "../../fixtures/scripts/seed-000-square-root.json");
    const result = await runCli(["ask", "--llm", `script:${script}`, "root?"], {
      cwd: directory,
      env: { NODE_OPTIONS: `--import=${pathToFileURL(hook).href}` },
    });
    expect(result.status).toBe(0);
    const loaded = new Set(
      [...result.stderr.matchAll(/^loaded-file (.+)$/gm)].flatMap((match) =>
        packagesIn(match[1] ?? ""),
      ),
    );
    // The hook works: the calculator's parser is seen.
    expect(loaded).toContain("expr-eval-fork");
    for (const name of HEAVY) expect(loaded).not.toContain(name);
  });
});
