import { execFileSync, spawn } from "node:child_process";
import {
  createReadStream,
  mkdirSync,
  openSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../test-support/cli.js";
import { type HostileCase, runHostileCase } from "../test-support/hostile-case.js";

// Files and disks that misbehave: a full stdout, a closed pipe, a file-size limit (a disk
// that fills up), links and FIFOs where files should be, input files that are FIFOs.

const ANSWER = [" I now know the final answer\nFinal Answer: the answer"];
const ask = (script: string, ...flags: string[]) => [
  "ask",
  ...flags,
  "--tools",
  "calculator",
  "--llm",
  `script:${script}`,
  "q",
];
const turn = (question: string, answer: string) =>
  `${JSON.stringify({ type: "turn", question, answer, at: "2026-11-23T00:00:00.000Z" })}\n`;

function sessionsFolder(home: string) {
  const folder = join(home, "sessions");
  mkdirSync(folder, { recursive: true });
  return folder;
}

// What the reader of a trace FIFO has read so far.
let fifoRead = "";

/** Feeds `text` into a FIFO from another process once the CLI opens it. */
function feedFifo(fifo: string, text: string) {
  const writer = spawn("sh", ["-c", 'cat > "$0"', fifo], { stdio: ["pipe", "ignore", "ignore"] });
  writer.stdin.end(text);
}

const stdoutCases: HostileCase[] = [
  ["/dev/full", [], "the disk is full"],
  ["/dev/full", ["--json"], "the disk is full"],
  ["closed", [], "the reading end of the pipe was closed"],
  ["closed", ["--json"], "the reading end of the pipe was closed"],
].map(([stdout, flags, reason]) => ({
  name: `stdout ${stdout === "closed" ? "a closed pipe" : "/dev/full"}${(flags as string[]).join(" ") ? ` with ${(flags as string[]).join(" ")}` : ""}`,
  args: ({ script }) => ask(script(ANSWER), ...(flags as string[])),
  options: { stdout: stdout as string },
  status: 1,
  stderr: `langchain-mini: could not write to standard output (${reason}): the answer was not delivered\n`,
}));

const traceAndSessionCases: HostileCase[] = [
  {
    name: "--trace below a file: a warning, the answer, exit 0",
    setup: ({ file }) => {
      file("a-file", "");
    },
    args: ({ script, directory }) =>
      ask(script(ANSWER), "--trace", join(directory, "a-file", "t.jsonl")),
    status: 0,
    stdout: "the answer\n",
    stderr: "cannot be written (ENOTDIR",
  },
  {
    name: "--trace on a disk that fills up: a warning, the answer, exit 0",
    args: ({ script, out }) => ask(script(ANSWER), "--trace", join(out, "t.jsonl")),
    options: { fileSizeLimitBlocks: 1 },
    status: 0,
    stdout: "the answer\n",
    stderr: "could not be written (EFBIG: file too large, write): it stops here",
  },
  {
    name: "--session on a disk that fills up: the answer, a warning, exit 1, the file as it was",
    setup: ({ home }) => {
      writeFileSync(join(sessionsFolder(home), "full.jsonl"), turn("q0", "a".repeat(900)));
    },
    args: ({ script }) =>
      ask(script([" q1 standalone", ` ok\nFinal Answer: ${"b".repeat(400)}`]), "--session", "full"),
    options: { fileSizeLimitBlocks: 2 },
    status: 1,
    stdout: `${"b".repeat(400)}\n`,
    stderr:
      /only \d+ of \d+ bytes could be written \(is the disk full\?\): free some space there \(the answer was not saved\)/,
    check: (_result, { home }) => {
      expect(readFileSync(join(home, "sessions", "full.jsonl"), "utf8")).toBe(
        turn("q0", "a".repeat(900)),
      );
    },
  },
  {
    name: "--session whose file is a link out of the data directory: refused, exit 1",
    setup: ({ home, file }) => {
      const victim = file("victim.txt", "precious\n");
      symlinkSync(victim, join(sessionsFolder(home), "linked.jsonl"));
    },
    args: ({ script }) => ask(script(ANSWER), "--session", "linked"),
    status: 1,
    stdout: "the answer\n",
    stderr: "it is a symbolic link, and sessions are never read or written through one",
    check: (_result, { directory }) => {
      expect(readFileSync(join(directory, "victim.txt"), "utf8")).toBe("precious\n");
    },
  },
  {
    name: "--session whose file is a FIFO: refused at once, exit 1",
    setup: ({ home }) => {
      execFileSync("mkfifo", [join(sessionsFolder(home), "pipe.jsonl")]);
    },
    args: ({ script }) => ask(script(ANSWER), "--session", "pipe"),
    status: 1,
    stdout: "the answer\n",
    stderr: "it is not a regular file (a FIFO, socket or device)",
  },
  {
    name: "sessions list marks a link and a FIFO, and delete removes them",
    setup: ({ home, file }) => {
      const folder = sessionsFolder(home);
      symlinkSync(file("elsewhere.jsonl", turn("q", "a")), join(folder, "linked.jsonl"));
      execFileSync("mkfifo", [join(folder, "pipe.jsonl")]);
      writeFileSync(join(folder, "fine.jsonl"), `\uFEFF${turn("q", "a")}`);
    },
    args: () => ["sessions", "list"],
    status: 0,
    stdout:
      /^(?=[\s\S]*^fine\t1 turn\t)(?=[\s\S]*^linked\tunreadable \(it is a symbolic link)(?=[\s\S]*^pipe\tunreadable \(it is not a regular file)/m,
    check: async (_result, { home }) => {
      for (const name of ["linked", "pipe"]) {
        const deleted = await runCli(["sessions", "delete", name], {
          env: { LANGCHAIN_MINI_HOME: home },
        });
        expect([deleted.status, deleted.stderr]).toEqual([0, `Deleted session '${name}'\n`]);
      }
    },
  },
  {
    name: "--session with an empty name: one usage line, nothing run",
    args: ({ script }) => ask(script(ANSWER), "--session", ""),
    status: 2,
    stdout: "",
    stderr: "langchain-mini: '' is not a session name",
  },
  {
    name: "a session file with a byte-order mark keeps its first turn",
    setup: ({ home }) => {
      writeFileSync(join(sessionsFolder(home), "bom.jsonl"), `\uFEFF${turn("first", "one")}`);
    },
    args: ({ script, out }) =>
      ask(script([" standalone", ...ANSWER]), "--session", "bom", "--trace", join(out, "t.jsonl")),
    status: 0,
    stdout: "the answer\n",
    check: (_result, { out }) => {
      expect(readFileSync(join(out, "t.jsonl"), "utf8")).toContain("Q: first\\nA: one");
    },
  },
];

const inputFileCases: HostileCase[] = [
  {
    name: "a script that is a FIFO, fed by another process",
    setup: ({ directory }) => {
      execFileSync("mkfifo", [join(directory, "script.fifo")]);
      // Its writer waits until the CLI opens the FIFO.
      feedFifo(join(directory, "script.fifo"), JSON.stringify(ANSWER));
    },
    args: ({ directory }) => ask(join(directory, "script.fifo")),
    status: 0,
    stdout: "the answer\n",
  },
  {
    name: "replay of a trace that is a FIFO, fed by another process",
    setup: ({ directory }) => {
      execFileSync("mkfifo", [join(directory, "trace.fifo")]);
      const result = {
        status: "answered",
        answer: "fed",
        usage: { inputTokens: 1, outputTokens: 1 },
        llmCalls: 1,
        durationMs: 1,
      };
      feedFifo(
        join(directory, "trace.fifo"),
        `${JSON.stringify({ type: "run-end", timeMs: 1, result })}\n`,
      );
    },
    args: ({ directory }) => ["replay", "--text", "--speed", "0", join(directory, "trace.fifo")],
    status: 0,
    stdout: "fed\n",
  },
  {
    name: "--trace to a FIFO that nobody reads: the answer, and a warning, without waiting",
    setup: ({ directory }) => {
      execFileSync("mkfifo", [join(directory, "trace.fifo")]);
    },
    args: ({ directory, script }) => ask(script(ANSWER), "--trace", join(directory, "trace.fifo")),
    status: 0,
    stdout: "the answer\n",
    stderr: "trace.fifo cannot be written (a FIFO that nobody reads): the run goes on without it",
  },
  {
    name: "--trace to a FIFO that another process reads: every line arrives",
    setup: ({ directory }) => {
      execFileSync("mkfifo", [join(directory, "trace.fifo")]);
      // Opened for reading and writing, so it has a reader before the CLI starts and this
      // test never waits on an open. What the CLI writes is read as it comes.
      const descriptor = openSync(join(directory, "trace.fifo"), "r+");
      createReadStream("", { fd: descriptor, encoding: "utf8" }).on("data", (chunk) => {
        fifoRead += chunk;
      });
    },
    args: ({ directory, script }) => ask(script(ANSWER), "--trace", join(directory, "trace.fifo")),
    status: 0,
    stdout: "the answer\n",
    check: async () => {
      while (!fifoRead.includes('"run-end"')) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(fifoRead.trim().split("\n").at(-1)).toContain('"answer":"the answer"');
    },
  },
  {
    name: "a FIFO where .env should be: skipped with a warning",
    setup: ({ directory }) => {
      execFileSync("mkfifo", [join(directory, ".env")]);
    },
    args: ({ script }) => ask(script(ANSWER)),
    status: 0,
    stdout: "the answer\n",
    stderr: ".env is not a regular file (a FIFO, device or socket), so it was skipped",
  },
  {
    name: "a script that is a folder",
    setup: ({ directory }) => {
      mkdirSync(join(directory, "folder.json"));
    },
    args: ({ directory }) => ask(join(directory, "folder.json")),
    status: 2,
    stderr: "it is a folder",
  },
  {
    name: "a script that is a device",
    args: () => ask("/dev/zero"),
    status: 2,
    stderr: "it is not a regular file (a device or socket)",
  },
  {
    name: "a script that does not exist",
    args: ({ directory }) => ask(join(directory, "nope.json")),
    status: 2,
    stderr: "no such file",
  },
];

/** A FIFO nobody writes to, where the CLI reads a file of its own accord. */
const fifoAt = (path: string) => {
  mkdirSync(dirname(path), { recursive: true });
  execFileSync("mkfifo", [path]);
};

/** A plug-in project as `plugins add` leaves it, with one tool package. */
function pluginProject(home: string, name = "acme-tool") {
  const plugins = join(home, "plugins");
  const root = join(plugins, "node_modules", name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "index.js"), "export const createTools = () => [];\n");
  const manifest = {
    name: "langchain-mini-plugins",
    private: true,
    dependencies: { [name]: "1.0.0" },
  };
  writeFileSync(join(plugins, "package.json"), JSON.stringify(manifest));
  return { plugins, root };
}

// Files the CLI reads of its own accord (the data directory's, a plug-in's package.json,
// a model): a FIFO there is refused in one line at once, never waited on.
const dataFileCases: HostileCase[] = [
  {
    name: "a FIFO at prices.json: a warning, the answer, exit 0",
    setup: ({ home }) => fifoAt(join(home, "prices.json")),
    args: ({ script }) => ask(script(ANSWER)),
    status: 0,
    stdout: "the answer\n",
    stderr: "prices.json: it is a FIFO, not a regular file",
  },
  {
    name: "a FIFO at the plug-in list's package.json: plugins list says so, exit 2",
    setup: ({ home }) => fifoAt(join(home, "plugins", "package.json")),
    args: () => ["plugins", "list"],
    status: 2,
    stdout: "",
    stderr: "plugins/package.json (it is a FIFO, not a regular file): fix it, or move it away",
  },
  {
    name: "a FIFO at the plug-in list's package.json: a tool by name is refused, exit 2",
    setup: ({ home }) => fifoAt(join(home, "plugins", "package.json")),
    args: ({ script }) => ["ask", "--tools", "acme-tool", "--llm", `script:${script(ANSWER)}`, "q"],
    status: 2,
    stdout: "",
    stderr:
      "plugins/package.json is not a regular file (a FIFO, device or socket), which Node.js would wait on for ever",
  },
  {
    name: "a FIFO at an added plug-in's package.json: plugins list marks it broken, exit 0",
    setup: ({ home }) => {
      const { root } = pluginProject(home);
      fifoAt(join(root, "package.json"));
    },
    args: () => ["plugins", "list"],
    status: 0,
    stdout:
      /^acme-tool\t\?\tbroken {2}\(Cannot load the plug-in module 'acme-tool': \S+\/acme-tool\/package\.json is not a regular file \(a FIFO, device or socket\), which Node\.js would wait on for ever: remove it, or add it again\)\n$/,
  },
  {
    name: "a FIFO at the remembered trusted folders: trusts nothing, says so, exit 0",
    setup: ({ home, file }) => {
      fifoAt(join(home, "trusted-folders.json"));
      file(".env", "LANGCHAIN_MINI_MCP=mcp.json\n");
    },
    args: ({ script }) => ask(script(ANSWER)),
    status: 0,
    stdout: "the answer\n",
    stderr: "trusted-folders.json: it is a FIFO, not a regular file",
  },
  {
    name: "a tool module that is a FIFO: refused, exit 2",
    setup: ({ directory }) => fifoAt(join(directory, "tool.mjs")),
    args: ({ script }) => [
      "ask",
      "--tools",
      "./tool.mjs",
      "--llm",
      `script:${script(ANSWER)}`,
      "q",
    ],
    status: 2,
    stdout: "",
    stderr: "tool.mjs is not a regular file (a FIFO, device or socket)",
  },
  {
    name: "a FIFO at the working directory's package.json: a tool package by name is refused, exit 2",
    setup: ({ directory }) => fifoAt(join(directory, "package.json")),
    args: ({ script }) => ["ask", "--tools", "acme-tool", "--llm", `script:${script(ANSWER)}`, "q"],
    status: 2,
    stdout: "",
    stderr: "package.json is not a regular file (a FIFO, device or socket)",
  },
  {
    name: "a model file that is a FIFO: refused, exit 2",
    setup: ({ directory }) => fifoAt(join(directory, "model.gguf")),
    args: ({ directory }) => [
      "ask",
      "--tools",
      "calculator",
      "--llm",
      `llamacpp:${join(directory, "model.gguf")}`,
      "q",
    ],
    status: 2,
    stdout: "",
    stderr: "model.gguf: it is not a regular file (a FIFO, device or socket)",
  },
  {
    name: "a downloaded model that is a FIFO in the data directory: refused, exit 2",
    setup: ({ home }) => fifoAt(join(home, "models", "model.gguf")),
    args: ({ home }) => [
      "ask",
      "--tools",
      "calculator",
      "--llm",
      `llamacpp:${join(home, "models", "model.gguf")}`,
      "q",
    ],
    status: 2,
    stdout: "",
    stderr: "it is not a regular file (a FIFO, device or socket)",
  },
  {
    name: "a .env that is a device: skipped with a warning",
    setup: ({ directory }) => symlinkSync("/dev/zero", join(directory, ".env")),
    args: ({ script }) => ask(script(ANSWER)),
    status: 0,
    stdout: "the answer\n",
    stderr: ".env is not a regular file (a FIFO, device or socket), so it was skipped",
  },
];

describe("hostile corpus: files and disks that misbehave", () => {
  for (const hostile of [
    ...stdoutCases,
    ...traceAndSessionCases,
    ...inputFileCases,
    ...dataFileCases,
  ]) {
    it(hostile.name, () => runHostileCase(hostile), 60_000);
  }
});
