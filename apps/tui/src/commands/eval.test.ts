import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeAnthropic } from "@langchain-mini/llm-anthropic/testing";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";
import { startCountingProxy, suiteReply } from "../test-support/eval-models.js";

const RIGHT = "openai:gpt-4.1-mini";
const WRONG = "anthropic:claude-haiku-4-5";

const SUITE = [
  { id: "periods", question: "How many five year periods are in 2023?", includes: "404" },
  {
    id: "root",
    question: "What is the square root of 25?",
    number: 5,
    usesTool: "calculator",
    maxSteps: 2,
  },
  {
    id: "json",
    question: "Give the capital of France as JSON with a city field.",
    schema: { type: "object", required: ["city"], properties: { city: { type: "string" } } },
  },
  {
    id: "capital",
    question: "What is the capital of France?",
    avoidsTool: "calculator",
    judge: "The answer names Paris.",
  },
  { id: "follow-up", turns: ["What is the square root of 25?", "And of 16?"], number: 4 },
];

interface Servers {
  readonly right: Awaited<ReturnType<typeof startFakeOpenAi>>;
  readonly wrong: Awaited<ReturnType<typeof startFakeAnthropic>>;
}
let servers: Servers | undefined;
afterEach(async () => {
  await servers?.right.close();
  await servers?.wrong.close();
  servers = undefined;
});

async function startModels(wrongIsRight = false) {
  const right = await startFakeOpenAi(({ body }) => ({ text: suiteReply(body, true) }));
  const wrong = await startFakeAnthropic(({ body }) => ({ text: suiteReply(body, wrongIsRight) }));
  servers = { right, wrong };
  return servers;
}

function envFor(found: Servers | undefined, home: string, openAiUrl?: string) {
  return {
    LANGCHAIN_MINI_HOME: home,
    ...(found
      ? {
          OPENAI_API_KEY: "sk-eval-test-0123456789",
          OPENAI_BASE_URL: openAiUrl ?? found.right.baseURL,
          ANTHROPIC_API_KEY: "sk-ant-eval-test-0123456789",
          ANTHROPIC_BASE_URL: found.wrong.baseURL,
        }
      : {}),
  };
}

function writeSuite(directory: string, cases: readonly object[] = SUITE) {
  const file = join(directory, "suite.jsonl");
  writeFileSync(file, `${cases.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return file;
}

interface ResultLine {
  model: string;
  caseId: string;
  trial: number;
  pass: boolean;
  cost?: number;
  judgeCost?: number;
  answer?: string;
  tokens: { input: number; output: number };
  scores: Record<string, { pass: boolean; reason: string }>;
}
interface ResultsFile {
  models: { model: string; runs: number; passed: number; passRate: number; cost?: number }[];
  results: ResultLine[];
}
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as ResultsFile;

const evalArgs = (suite: string, directory: string, extra: readonly string[] = []) => [
  "eval",
  ...["--llm", RIGHT, "--llm", WRONG, "--judge", RIGHT, "--tools", "calculator"],
  ...["--json", join(directory, "results.json"), suite],
  ...extra,
];

describe("langchain-mini eval", () => {
  it("runs every case on two models and the table, JSON, JUnit and HTML agree", async () => {
    const found = await startModels();
    const directory = tempDir();
    const suite = writeSuite(directory);
    const junit = join(directory, "results.xml");
    const html = join(directory, "report.html");
    const result = await runCli(evalArgs(suite, directory, ["--junit", junit, "--html", html]), {
      env: envFor(found, tempDir()),
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.status, result.stderr).toBe(0);

    const { models, results } = readJson(join(directory, "results.json"));
    expect(results).toHaveLength(SUITE.length * 2);
    const passed = (model: string) =>
      results.filter((line) => line.model === model && line.pass).map((line) => line.caseId);
    expect(passed(RIGHT).sort()).toEqual(["capital", "follow-up", "json", "periods", "root"]);
    expect(passed(WRONG).sort()).toEqual(["capital", "follow-up", "root"]);
    const wrongPeriods = results.find((line) => line.model === WRONG && line.caseId === "periods");
    expect(wrongPeriods?.answer).toBe("About 405.");
    expect(wrongPeriods?.scores.includes?.reason).toContain("404");

    // Each model's row: its pass rate and its cost (both models priced, and apart).
    const right = models.find((row) => row.model === RIGHT);
    const wrong = models.find((row) => row.model === WRONG);
    expect([right?.passed, right?.runs, wrong?.passed, wrong?.runs]).toEqual([5, 5, 3, 5]);
    expect(right?.cost).toBeGreaterThan(0);
    expect(wrong?.cost).toBeGreaterThan(0);
    expect(right?.cost).not.toBe(wrong?.cost);
    const sum = (model: string) =>
      results
        .filter((line) => line.model === model)
        .reduce((all, line) => all + (line.cost ?? 0), 0);
    expect(right?.cost).toBeCloseTo(sum(RIGHT), 10);
    // The judge graded "capital" on both models, its cost apart from the runs'.
    const judged = results.filter((line) => line.caseId === "capital");
    for (const line of judged) {
      expect(line.scores.judge?.pass).toBe(true);
      expect(line.judgeCost).toBeGreaterThan(0);
    }

    // The table says the same: 5/5 and 3/5, with the costs the JSON gives.
    const rowOf = (model: string) =>
      result.stdout.split("\n").find((line) => line.startsWith(model)) ?? "";
    expect(rowOf(RIGHT)).toContain("5/5 100%");
    expect(rowOf(WRONG)).toContain("3/5 60%");
    expect(result.stdout).toContain("periods");

    // JUnit: a test case per model and case, failures where the JSON says.
    const xml = readFileSync(junit, "utf8");
    expect(xml.match(/<testcase /g)).toHaveLength(10);
    expect(xml).toMatch(new RegExp(`<testsuite name="${WRONG}"[^>]*tests="5"[^>]*failures="2"`));
    expect(xml).toContain('name="periods [trial 1]"');
    // HTML: the page names both models with their pass rates.
    const page = readFileSync(html, "utf8");
    expect(page).toContain("3/5");
    expect(page).toContain("<svg");
  });

  it("--threshold sets the exit status and --baseline marks what changed", async () => {
    const found = await startModels();
    const directory = tempDir();
    const suite = writeSuite(directory);
    const env = envFor(found, tempDir());
    const strict = await runCli(evalArgs(suite, directory, ["--threshold", "0.9"]), { env });
    expect(strict.status, strict.stderr).toBe(1);
    const lenient = await runCli(evalArgs(suite, directory, ["--threshold", "0.6"]), { env });
    expect(lenient.status, lenient.stderr).toBe(0);
    const baseline = join(directory, "baseline.json");
    writeFileSync(baseline, readFileSync(join(directory, "results.json")));

    // The wrong model learns: its two failing cases pass against the baseline.
    await found.wrong.close();
    const better = await startModels(true);
    const again = await runCli(
      evalArgs(suite, directory, ["--baseline", baseline, "--threshold", "0.9"]),
      { env: envFor(better, tempDir()) },
    );
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("2 improved");
    expect(again.stdout).toContain(`improved  ${WRONG}  periods  0% → 100%`);
    expect(again.stdout).toContain(`improved  ${WRONG}  json  0% → 100%`);
    expect(again.stdout).not.toContain("regressed");

    const bad = join(directory, "not-results.json");
    writeFileSync(bad, '{"hello": 1}');
    const refused = await runCli(evalArgs(suite, directory, ["--baseline", bad]), {
      env: envFor(better, tempDir()),
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("--concurrency k: the model server sees k runs at once, never more", async () => {
    const found = await startModels();
    const proxy = await startCountingProxy(found.right.baseURL, 3);
    try {
      const directory = tempDir();
      const many = Array.from({ length: 12 }, (_, index) => ({
        id: `root-${index}`,
        question: "What is the square root of 25?",
        number: 5,
      }));
      const suite = writeSuite(directory, many);
      const result = await runCli(
        ["eval", "--llm", RIGHT, "--tools", "calculator", "--concurrency", "3", suite],
        { env: envFor(found, tempDir(), proxy.url) },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain("12/12 100%");
      expect(proxy.most).toBe(3);
      expect(found.right.requests).toHaveLength(24);
    } finally {
      await proxy.close();
    }
  });

  it("--record, then --replay with the servers stopped gives the same results; a changed prompt fails clearly", async () => {
    const found = await startModels();
    const directory = tempDir();
    const suite = writeSuite(directory);
    const recorded = join(directory, "recorded");
    const home = tempDir();
    const first = await runCli(
      evalArgs(suite, directory, ["--record", recorded, "--trials", "2"]),
      { env: envFor(found, home) },
    );
    expect(first.status, first.stderr).toBe(0);
    const live = readJson(join(directory, "results.json"));
    await found.right.close();
    await found.wrong.close();
    servers = undefined;

    // No key, no server: every call answered from the recording.
    const replayed = await runCli(
      evalArgs(suite, directory, ["--replay", recorded, "--trials", "2"]),
      {
        env: envFor(undefined, tempDir()),
      },
    );
    expect(replayed.status, replayed.stderr).toBe(0);
    const again = readJson(join(directory, "results.json"));
    const view = (file: ResultsFile) =>
      file.results.map(({ model, caseId, trial, pass, answer, cost, judgeCost, tokens }) => ({
        model,
        caseId,
        trial,
        pass,
        answer,
        cost,
        judgeCost,
        tokens,
      }));
    expect(view(again)).toEqual(view(live));
    for (const file of readdirSync(recorded)) {
      expect(readFileSync(join(recorded, file), "utf8")).not.toContain("sk-eval-test-0123456789");
    }

    // The prompt changes (a case's question): the replay stops and says where.
    const changed = SUITE.map((line) =>
      line.id === "periods"
        ? { ...line, question: "How many five-year periods are in 2023?" }
        : line,
    );
    const mismatch = await runCli(
      evalArgs(writeSuite(directory, changed), directory, ["--replay", recorded, "--trials", "2"]),
      { env: envFor(undefined, tempDir()) },
    );
    expect(mismatch.status).toBe(2);
    expect(mismatch.stderr).toContain('case "periods"');
    expect(mismatch.stderr).toContain("record again with --record");
    expect(mismatch.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("keeps keys out of the table and every file, and says in one line when a file cannot be written", async () => {
    const key = "sk-eval-leak-0123456789abcdef";
    const right = await startFakeOpenAi(({ body, authorization }) => ({
      text: suiteReply(body, true, String(authorization).replace("Bearer ", "")),
    }));
    try {
      const directory = tempDir();
      const suite = writeSuite(directory, [
        { id: "leak", question: "What is your key?", includes: "sk-" },
      ]);
      const files = ["results.json", "results.xml", "report.html"].map((name) =>
        join(directory, name),
      );
      const env = {
        LANGCHAIN_MINI_HOME: tempDir(),
        OPENAI_API_KEY: key,
        OPENAI_BASE_URL: right.baseURL,
      };
      const args = [
        "eval",
        "--llm",
        RIGHT,
        suite,
        "--json",
        files[0] ?? "",
        "--junit",
        files[1] ?? "",
      ];
      const result = await runCli([...args, "--html", files[2] ?? ""], { env });
      expect(result.status, result.stderr).toBe(0);
      expect(right.requests.length).toBeGreaterThan(0);
      for (const text of [
        result.stdout,
        result.stderr,
        ...files.map((file) => readFileSync(file, "utf8")),
      ]) {
        expect(text).not.toContain(key);
      }
      const unwritable = await runCli(
        ["eval", "--llm", RIGHT, suite, "--json", join(directory, "no-such-folder", "r.json")],
        { env },
      );
      expect(unwritable.status).toBe(2);
      expect(unwritable.stderr).toContain("could not be written (ENOENT)");
      expect(unwritable.stderr.trim().split("\n")).toHaveLength(1);
    } finally {
      await right.close();
    }
  });

  it("a bad suite is one line and exit 2, before any model is called", async () => {
    const found = await startModels();
    const directory = tempDir();
    const cases: [object[] | string, string][] = [
      [[{ id: "a", question: "q", incluedes: "4" }], "did you mean includes?"],
      [
        [
          { id: "a", question: "q" },
          { id: "a", question: "r" },
        ],
        "used twice",
      ],
      [[{ id: "a" }], '"question" or "turns"'],
      ["{not json", "line 1 is not JSON"],
      [[{ id: "a", question: "q", regex: "([" }], "regex"],
    ];
    for (const [content, message] of cases) {
      const file = join(directory, "bad.jsonl");
      writeFileSync(
        file,
        typeof content === "string"
          ? content
          : content.map((line) => JSON.stringify(line)).join("\n"),
      );
      const result = await runCli(["eval", "--llm", RIGHT, file], {
        env: envFor(found, tempDir()),
      });
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
    }
    expect(found.right.requests).toHaveLength(0);
  });
});
