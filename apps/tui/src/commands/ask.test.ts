import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { AgentEvent } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";

const fixtures = resolve(import.meta.dirname, "../../fixtures/scripts");
const script = (name: string) => `script:${join(fixtures, name)}`;
const FIVE_YEARS = script("seed-001-five-year-periods.json");
const SQUARE_ROOT = script("seed-000-square-root.json");
const ESC = "\u001b[";

describe("ask: the seeds' calculator runs, end to end through the built CLI", () => {
  it("answers seed 001's five year periods: 2023/5, then ceil(404.6), then 405", async () => {
    const result = await runCli([
      "ask",
      "--llm",
      FIVE_YEARS,
      "What is the total number of five year periods in the year 2023?",
    ]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("405\n");
    // The model's imagined "Observation: 404" is cut; the tool's real 405 is shown.
    expect(result.stderr).toBe(
      [
        "Question: What is the total number of five year periods in the year 2023?",
        // No SERPAPI_API_KEY in the test's environment: search is left out, with a notice
        // (the first time: each run here has a data directory of its own).
        "Warning: search is left out of this run's tools: SERPAPI_API_KEY is not set: set it in the environment or .env to use web search",
        "Thought: I need to calculate the amount of five year periods.",
        "Action: calculator",
        "Action Input: 2023/5",
        "Observation: 404.6",
        "Thought: I need to round up the number to the nearest whole number.",
        "Action: calculator",
        "Action Input: ceil(404.6)",
        "Observation: 405",
        "Thought: I now know the final answer.",
        "Final Answer: 405",
        "",
      ].join("\n"),
    );
  });

  it("answers seed 000's square root of 25 with 25^(1/2)", async () => {
    const result = await runCli(["ask", "--llm", SQUARE_ROOT, "what is the square root of 25?"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
    expect(result.stderr).toContain("Action Input: 25^(1/2)\nObservation: 5\n");
    expect(result.stderr).not.toContain("4.99");
  });

  it("runs the README's quick-start command as written", async () => {
    const root = resolve(import.meta.dirname, "../../../..");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const quickStart = readme.slice(readme.indexOf("## Quick start"));
    const command = /\.\/dev start (ask .+)/.exec(quickStart)?.[1];
    expect(command).toBeDefined();
    const args = [...(command ?? "").matchAll(/"([^"]*)"|(\S+)/g)].map(
      (match) => match[1] ?? match[2] ?? "",
    );
    const result = await runCli(args, { cwd: root });
    expect(result.stderr).toContain("Observation: 404.6");
    expect(result.stdout).toBe("405\n");
    expect(result.status).toBe(0);
  });
});

describe("ask: output", () => {
  it("--json writes one JSON event per line on stdout, run-start first, run-end last", async () => {
    const result = await runCli(["ask", "--json", "--llm", FIVE_YEARS, "five year periods?"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout.endsWith("\n")).toBe(true);
    const events = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as AgentEvent);
    expect(events[0]).toMatchObject({ type: "run-start", question: "five year periods?" });
    expect(events.at(-1)).toMatchObject({
      type: "run-end",
      result: {
        status: "answered",
        answer: "405",
        steps: [{ input: "2023/5" }, { input: "ceil(404.6)" }],
      },
    });
    expect(events.filter((event) => event.type === "observation")).toEqual([
      { type: "observation", step: 1, text: "404.6" },
      { type: "observation", step: 2, text: "405" },
    ]);
  });

  it("writes a plain trace, with no colour codes, when stderr is piped", async () => {
    const piped = await runCli(["ask", "--llm", SQUARE_ROOT, "root?"]);
    expect(piped.stderr).toContain("Action: calculator");
    expect(piped.stderr).not.toContain(ESC);
    // The same run with colour forced shows the check is live, not colour never being on.
    const forced = await runCli(["ask", "--llm", SQUARE_ROOT, "root?"], {
      env: { FORCE_COLOR: "1" },
    });
    expect(forced.stderr).toContain(ESC);
    expect(forced.stdout).toBe("The square root of 25 is 5.\n");
  });
});

describe("ask: options", () => {
  it("--tools selects tools by name, as models write them", async () => {
    const result = await runCli(["ask", "--tools", " Calculator ", "--llm", SQUARE_ROOT, "root?"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
  });

  it("--tools with an unknown tool is exit 2 with one line naming the available tools", async () => {
    const result = await runCli([
      "ask",
      "--tools",
      "calculator,weather",
      "--llm",
      SQUARE_ROOT,
      "q",
    ]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^langchain-mini: Unknown tool 'weather' in --tools: it is neither built in \([a-z, ]*calculator[a-z, ]*\) nor installed; add a tool package with langchain-mini plugins add <package>, or name a file such as \.\/my-tool\.js\n$/,
    );
  });

  it("--tools with a misspelt tool suggests the nearest one, and lists only names a user types", async () => {
    const result = await runCli(["ask", "--tools", "calulator", "--llm", SQUARE_ROOT, "q"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: Unknown tool 'calulator' in --tools: did you mean calculator? It is neither built in (search, calculator, hackernews, python) nor installed; add a tool package with langchain-mini plugins add <package>, or name a file such as ./my-tool.js\n",
    );
    // The MCP servers' tools come with --mcp, not by a name in --tools.
    const beginning = await runCli(["ask", "--tools", "Hacker", "--llm", SQUARE_ROOT, "q"]);
    expect(beginning.stderr).toContain("did you mean hackernews?");
  });

  it("--max-steps stops the run with a clear line, exit 1", async () => {
    const result = await runCli(["ask", "--max-steps", "2", "--llm", FIVE_YEARS, "q"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("Observation: 405\n");
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      "Error: Agent stopped after 2 steps without a final answer: raise --max-steps or simplify the question",
    );
  });

  it.each([
    ["0", "--max-steps must be a whole number of at least 1, got '0'"],
    ["1.5", "--max-steps must be a whole number of at least 1, got '1.5'"],
    ["many", "--max-steps must be a whole number of at least 1, got 'many'"],
    ["-3", "Option '--max-steps' argument is ambiguous: see --help"],
  ])("--max-steps %s is exit 2 with one line", async (value, message) => {
    const result = await runCli(["ask", "--max-steps", value, "--llm", FIVE_YEARS, "q"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`langchain-mini: ${message}\n`);
  });

  it("reads .env from the working directory, and the shell's variables win", async () => {
    const directory = tempDir();
    writeFileSync(
      join(directory, ".env"),
      "# traces for every run\nLANGCHAIN_MINI_TRACE=from-dotenv\n",
    );
    const fromFile = await runCli(["ask", "--llm", SQUARE_ROOT, "root?"], { cwd: directory });
    expect(fromFile.status).toBe(0);
    expect(readdirSync(join(directory, "from-dotenv"))).toHaveLength(1);

    mkdirSync(join(directory, "from-shell"));
    const fromShell = await runCli(["ask", "--llm", SQUARE_ROOT, "root?"], {
      cwd: directory,
      env: { LANGCHAIN_MINI_TRACE: "from-shell" },
    });
    expect(fromShell.status).toBe(0);
    expect(readdirSync(join(directory, "from-shell"))).toHaveLength(1);
    expect(readdirSync(join(directory, "from-dotenv"))).toHaveLength(1);
  });
});
