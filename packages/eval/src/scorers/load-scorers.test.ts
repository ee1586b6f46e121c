import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isLangchainMiniError } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { answered, NO_JUDGE_CONTEXT } from "../test-support/case-outcomes.js";
import { loadScorers } from "./load-scorers.js";
import { scoreCase } from "./score-case.js";

/** A working directory with a package `name` in its node_modules, exporting `source`. */
function folderWith(name: string, source: string) {
  const cwd = mkdtempSync(join(tmpdir(), "langchain-mini-eval-test-"));
  const home = join(cwd, "node_modules", name);
  mkdirSync(home, { recursive: true });
  writeFileSync(
    join(home, "package.json"),
    JSON.stringify({ name, version: "1.0.0", type: "module", exports: "./index.js" }),
  );
  writeFileSync(join(home, "index.js"), source);
  return { cwd, pluginHome: join(cwd, "no-plugins"), env: {} };
}

const POLITE = `
export const scorers = [{
  name: "polite",
  check: (expected) => (expected === true ? undefined : "must be true"),
  score: (_expected, outcome) => {
    const pass = /please|thank/i.test(outcome.answer ?? "");
    return { pass, score: pass ? 1 : 0, reason: pass ? "polite" : "no please or thank you" };
  },
}];
`;

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(isLangchainMiniError(error)).toBe(true);
  return error as Error & { code: string };
}

describe("loadScorers", () => {
  it("loads a third party's scorer by package name and scores with it", async () => {
    const options = folderWith("eval-scorer-polite", POLITE);
    const scorers = await loadScorers(["eval-scorer-polite"], options);
    expect(scorers.map((scorer) => scorer.name)).toEqual(["polite"]);
    const evalCase = { id: "p", question: "Ask nicely", polite: true };
    const kind = await scoreCase(evalCase, answered("Thank you!"), scorers, NO_JUDGE_CONTEXT);
    expect(kind).toMatchObject({ pass: true, scores: { polite: { reason: "polite" } } });
    const rude = await scoreCase(evalCase, answered("No."), scorers, NO_JUDGE_CONTEXT);
    expect(rude.pass).toBe(false);
  });

  it("loads a default export from a file path relative to the working directory", async () => {
    const options = folderWith("unused", "");
    writeFileSync(
      join(options.cwd, "short.mjs"),
      "export default { name: 'short', score: (n, o) => ({ pass: (o.answer ?? '').length <= n, score: 1, reason: '' }) };",
    );
    const [scorer] = await loadScorers(["./short.mjs"], options);
    expect(scorer?.name).toBe("short");
  });

  it("says how to install a module that is not there", async () => {
    const options = folderWith("unused", "");
    const error = await failure(loadScorers(["eval-scorer-missing"], options));
    expect(error.code).toBe("config_invalid");
    expect(error.message).toMatch(/is not installed: install it with npm i eval-scorer-missing/);
  });

  it("refuses a module that exports no scorer, or a broken one", async () => {
    const none = folderWith("eval-scorer-none", "export const helper = 1;");
    const noneError = await failure(loadScorers(["eval-scorer-none"], none));
    expect(noneError.message).toMatch(/exports no scorer: export one as default or scorer/);
    const broken = folderWith(
      "eval-scorer-broken",
      "export const scorer = { name: 'x y', score: 1 };",
    );
    const brokenError = await failure(loadScorers(["eval-scorer-broken"], broken));
    expect(brokenError.message).toMatch(
      /broke the scorer contract: its name "x y" must be a case key/,
    );
  });

  it("refuses a name taken by a built-in scorer or a case key", async () => {
    for (const name of ["includes", "question", "__proto__"]) {
      const options = folderWith(
        "eval-scorer-clash",
        `export const scorer = { name: ${JSON.stringify(name)}, score: () => ({ pass: true, score: 1, reason: "" }) };`,
      );
      const error = await failure(loadScorers(["eval-scorer-clash"], options));
      expect(error.message).toMatch(/built in|a case key|must be a case key/);
    }
  });

  it("turns a module that throws on import into one line", async () => {
    const options = folderWith("eval-scorer-throws", "throw new Error('needs SENTIMENT_KEY');");
    const error = await failure(loadScorers(["eval-scorer-throws"], options));
    expect(error.message).toBe(
      "The scorer module 'eval-scorer-throws' failed to load: needs SENTIMENT_KEY",
    );
  });

  it("gives up on a module whose import never settles", async () => {
    const options = folderWith("eval-scorer-hangs", "await new Promise(() => {});");
    const error = await failure(
      loadScorers(["eval-scorer-hangs"], { ...options, importLimitMs: 200 }),
    );
    expect(error.message).toMatch(/did not finish loading within 0.2 s/);
  });
});
