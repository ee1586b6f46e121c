import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir, writeScript } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

/**
 * Preloaded into the app: lists every module it loads, and writes the list to
 * `first-frame.txt` when the question line is first drawn (with Node's fetch
 * implementation, should it be loaded), and to `exit.txt` when the app ends.
 */
const RECORDER = `import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
const list = () => [...loaded, ...process.moduleLoadList.filter((name) => name.includes("undici"))].join("\\n");
const write = process.stdout.write.bind(process.stdout);
let drawn = false;
process.stdout.write = (chunk, ...rest) => {
  if (!drawn && String(chunk).includes("How can I help?")) {
    drawn = true;
    writeFileSync(process.env.RECORD_DIRECTORY + "/first-frame.txt", list());
  }
  return write(chunk, ...rest);
};
process.on("exit", () => writeFileSync(process.env.RECORD_DIRECTORY + "/exit.txt", list()));`;

/** What the first frame does without: what only an answer, a key or a command draws. */
const NOT_FOR_THE_FIRST_FRAME = [
  /\/marked\//,
  /\/ui\/markdown\/markdown\.js$/,
  /\/ui\/components\/run-trace\.js$/,
  /\/ui\/components\/prompt-inspector\.js$/,
  /\/ui\/components\/session-picker\.js$/,
  /\/ui\/components\/approval-prompt\.js$/,
  /\/ui\/components\/help-table\.js$/,
  /\/ui\/components\/setup-screen\.js$/,
  /\/string-width\/index\.js$/,
  /undici/,
];

describe("the terminal UI's first frame (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });

  it("draws the question line before what it does not need is loaded, which loads when drawn", async () => {
    const directory = tempDir();
    const recorder = join(directory, "recorder.mjs");
    writeFileSync(recorder, RECORDER);
    const screen = new Terminal(directory, {
      NODE_OPTIONS: `--import=${pathToFileURL(recorder).href}`,
      RECORD_DIRECTORY: directory,
    });
    terminals.push(screen);
    const script = writeScript(directory, [" I know it\nFinal Answer: It is **42** 👍"]);
    screen.start(["--llm", `script:${script}`]);
    await screen.waitFor("How can I help?");
    await screen.waitFor(() => existsSync(join(directory, "first-frame.txt")));
    const atFirstFrame = readFileSync(join(directory, "first-frame.txt"), "utf8").split("\n");
    // The recorder sees the app's modules: Ink's are there.
    expect(atFirstFrame.some((url) => /\/ink\/build\/index\.js$/.test(url))).toBe(true);
    for (const pattern of NOT_FOR_THE_FIRST_FRAME) {
      expect([pattern, atFirstFrame.filter((url) => pattern.test(url))]).toEqual([pattern, []]);
    }

    await screen.ask("What is the answer?");
    // Markdown (bold, without its stars) and an emoji, the trace beside it.
    const answered = await screen.waitFor(/│ It is 42 👍\s+│/);
    expect(answered).toContain("Final Answer: It is **42** 👍");
    expect(await screen.quit()).toBe(0);
    // What the answer drew loaded when it was needed.
    const atExit = readFileSync(join(directory, "exit.txt"), "utf8").split("\n");
    for (const pattern of NOT_FOR_THE_FIRST_FRAME.slice(0, 3)) {
      expect([pattern, atExit.some((url) => pattern.test(url))]).toEqual([pattern, true]);
    }
  });
});
