import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir, writeScript } from "../test-support/cli.js";
import { modulesIn } from "../test-support/loaded-modules.js";
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

/**
 * What the first frame does without: what only an answer, a key or a command draws. Source
 * modules (in a chunk of the bundle, or files as built before it).
 */
const NOT_FOR_THE_FIRST_FRAME = [
  /\/marked\//,
  /\/ui\/markdown\/markdown\.(js|tsx?)$/,
  /\/ui\/components\/run-trace\.(js|tsx?)$/,
  /\/ui\/components\/prompt-inspector\.(js|tsx?)$/,
  /\/ui\/components\/session-picker\.(js|tsx?)$/,
  /\/ui\/components\/approval-prompt\.(js|tsx?)$/,
  /\/ui\/components\/help-table\.(js|tsx?)$/,
  /\/ui\/components\/setup-screen\.(js|tsx?)$/,
  /\/string-width\/index\.js$/,
  /undici/,
];

/** The modules a recorded list of loaded files holds. */
const recorded = (file: string) => readFileSync(file, "utf8").split("\n").flatMap(modulesIn);

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
    const atFirstFrame = recorded(join(directory, "first-frame.txt"));
    // The recorder sees the app's modules: Ink's are there.
    expect(atFirstFrame.some((url) => /\/ink\/build\/ink\.js$/.test(url))).toBe(true);
    for (const pattern of NOT_FOR_THE_FIRST_FRAME) {
      expect([pattern, atFirstFrame.filter((url) => pattern.test(url))]).toEqual([pattern, []]);
    }

    await screen.ask("What is the answer?");
    // Markdown (bold, without its stars) and an emoji, the trace beside it.
    const answered = await screen.waitFor(/│ It is 42 👍\s+│/);
    expect(answered).toContain("Final Answer: It is **42** 👍");
    expect(await screen.quit()).toBe(0);
    // What the answer drew loaded when it was needed.
    const atExit = recorded(join(directory, "exit.txt"));
    // The recorder sees inside the bundle's chunks: the app's own first frame is there.
    expect(atFirstFrame.some((path) => /\/ui\/components\/chat-body\.(js|tsx?)$/.test(path))).toBe(
      true,
    );
    for (const pattern of NOT_FOR_THE_FIRST_FRAME.slice(0, 3)) {
      expect([pattern, atExit.some((url) => pattern.test(url))]).toEqual([pattern, true]);
    }
    // The emoji needed string-width's full rules: the real one loaded for it.
    expect(atExit.some((url) => /\/string-width\/index\.js$/.test(url))).toBe(true);
  });
});
