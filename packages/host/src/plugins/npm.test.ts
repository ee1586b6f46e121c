import { describe, expect, it } from "vitest";
import { npmProblem } from "./npm.js";

/** What npm 11 writes to stderr, cut to the lines that matter. */
const lines = (text: string) => text.trim().split("\n");

describe("npmProblem", () => {
  it("finds what went wrong past npm's codes and paths", () => {
    const missing = lines(`
npm error code ENOENT
npm error syscall open
npm error path /tmp/nope.tgz
npm error errno -2
npm error enoent ENOENT: no such file or directory, open '/tmp/nope.tgz'
npm error enoent This is related to npm not being able to find a file.
npm error A complete log of this run can be found in: /root/.npm/_logs/x-debug-0.log`);
    expect(npmProblem(missing)).toBe("ENOENT: no such file or directory, open '/tmp/nope.tgz'");
    const unknown = lines(`
npm error code E404
npm error 404 Not Found - GET https://registry.npmjs.org/langchain-mini-tool-nope
npm error 404
npm error A complete log of this run can be found in: /root/.npm/_logs/x-debug-0.log`);
    expect(npmProblem(unknown)).toBe(
      "404 Not Found - GET https://registry.npmjs.org/langchain-mini-tool-nope",
    );
  });

  it("says in its own words that a plug-in was made for another langchain-mini", () => {
    const conflict = lines(`
npm error code ERESOLVE
npm error ERESOLVE unable to resolve dependency tree
npm error
npm error While resolving: langchain-mini-plugins@undefined
npm error Found: @langchain-mini/core@0.1.0
npm error node_modules/@langchain-mini/core
npm error
npm error Could not resolve dependency:
npm error peer @langchain-mini/core@"^0.2.0" from future-tool@1.0.0
npm error node_modules/future-tool`);
    expect(npmProblem(conflict)).toBe(
      "future-tool@1.0.0 needs @langchain-mini/core ^0.2.0, and this langchain-mini has 0.1.0: update langchain-mini, or add a version of the plug-in made for this one",
    );
  });

  it("has nothing to say for output without an error", () => {
    expect(npmProblem([])).toBeUndefined();
    expect(npmProblem(["npm error code E1", "npm error"])).toBeUndefined();
  });
});
