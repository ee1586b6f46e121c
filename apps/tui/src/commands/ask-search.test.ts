import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeHackerNews } from "@langchain-mini/tool-hackernews/testing";
import { startFakeSerpApi } from "@langchain-mini/tool-search/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

let fake: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const LEFT_OUT =
  "search is left out of this run's tools: SERPAPI_API_KEY is not set: set it in the environment or .env to use web search";

const TENERIFE =
  "Santa Cruz de Tenerife Temperature Yesterday. Maximum temperature yesterday: 75 °F (at 3:00 pm) Minimum temperature yesterday: 63 °F (at 4:30 am)";

// Seed 001's completions, as the model wrote them (repeated action lines and all).
const seed001 = [
  ' I need to find a reliable source of information\nAction: search\nAction Input: "highest temperature in Santa Cruz de Tenerife yesterday"\n\nAction: search\nAction Input: highest temperature in Santa Cruz de Tenerife yesterday"',
  " I need to convert from Fahrenheit to Celsius\nAction: calculator\nAction Input: (75 F - 32) * 5/9\n\nAction: calculator\nAction Input: (75 F - 32) * 5/9",
  " I need to change the expression\nAction: calculator\nAction Input: ((75-32) * 5/9)\n\nAction: calculator\nAction Input: ((75-32) * 5/9)",
  " I now know the final answer\nFinal Answer: Yesterday's highest temperature in Santa Cruz de Tenerife was 23.89 Celsius.",
];

describe("ask with search against a local fake SerpApi", () => {
  it("reproduces seed 001's Santa Cruz de Tenerife trace", async () => {
    const serpApi = await startFakeSerpApi({
      "highest temperature in Santa Cruz de Tenerife yesterday": {
        body: { answer_box: { type: "organic_result", snippet: TENERIFE } },
      },
    });
    fake = serpApi;
    const directory = tempDir();
    const script = writeScript(directory, seed001);
    const result = await runCli(
      [
        "ask",
        "--llm",
        `script:${script}`,
        "What was the highest temperature (in Celsius) in Santa Cruz de Tenerife yesterday?",
      ],
      {
        cwd: directory,
        env: { SERPAPI_API_KEY: "serp-key-for-tests", SERPAPI_BASE_URL: serpApi.baseURL },
      },
    );
    expect(result.stdout).toBe(
      "Yesterday's highest temperature in Santa Cruz de Tenerife was 23.89 Celsius.\n",
    );
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(
      `Action: search\nAction Input: highest temperature in Santa Cruz de Tenerife yesterday\nObservation: ${TENERIFE}\n`,
    );
    expect(result.stderr).toContain(
      "Action Input: (75 F - 32) * 5/9\nObservation: Please reformulate the expression. The calculator tool has failed with error: 'Error: parse error [1:6]: Expected )'\n",
    );
    expect(result.stderr).toContain(
      "Action Input: ((75-32) * 5/9)\nObservation: 23.88888888888889\n",
    );
    expect(serpApi.requests).toHaveLength(1);
    expect(serpApi.requests[0]?.api_key).toBe("serp-key-for-tests");
    expect(result.stderr).not.toContain("serp-key-for-tests");
  });

  it("offers search by default with a key from the shell or .env, and says once that it is left out without one", async () => {
    const directory = tempDir();
    const home = join(directory, "home");
    const script = writeScript(directory, [" I know\nFinal Answer: ok"]);
    const ask = ["ask", "--json", "--llm", `script:${script}`, "q"];
    const run = (env: Record<string, string> = {}) =>
      runCli(ask, { cwd: directory, env: { LANGCHAIN_MINI_HOME: home, ...env } });
    const warnings = (stdout: string) =>
      jsonLines(stdout).filter((event) => event.type === "warning");

    const withoutKey = jsonLines((await run()).stdout);
    expect(withoutKey[0]).toMatchObject({ type: "run-start", tools: ["calculator"] });
    expect(withoutKey[1]).toEqual({ type: "warning", message: LEFT_OUT });
    // The next run without the key goes on just the same, without saying it again.
    const again = await run();
    expect(again.status).toBe(0);
    expect(jsonLines(again.stdout)[0]).toMatchObject({ tools: ["calculator"] });
    expect(warnings(again.stdout)).toEqual([]);

    const fromShell = await run({ SERPAPI_API_KEY: "k123456789" });
    expect(jsonLines(fromShell.stdout)[0]).toMatchObject({ tools: ["search", "calculator"] });
    // The setting changed (the key came and went): the notice is news again, once.
    expect(warnings((await run()).stdout)).toEqual([{ type: "warning", message: LEFT_OUT }]);
    expect(warnings((await run()).stdout)).toEqual([]);

    writeFileSync(join(directory, ".env"), "SERPAPI_API_KEY=k-from-dotenv-123\n");
    const fromDotenv = jsonLines((await run()).stdout);
    expect(fromDotenv[0]).toMatchObject({ tools: ["search", "calculator"] });
    expect(fromDotenv.some((event) => event.type === "warning")).toBe(false);
  });

  it("says the notice again when what it remembers cannot be read, and goes on when it cannot be written", async () => {
    const directory = tempDir();
    const script = writeScript(directory, [" I know\nFinal Answer: ok"]);
    const ask = ["ask", "--llm", `script:${script}`, "q"];
    // A data directory that is a file: nothing can be remembered there.
    const blocked = join(directory, "blocked");
    writeFileSync(blocked, "");
    for (let run = 0; run < 2; run++) {
      const result = await runCli(ask, { cwd: directory, env: { LANGCHAIN_MINI_HOME: blocked } });
      expect(result.status).toBe(0);
      expect(result.stderr).toContain(`Warning: ${LEFT_OUT}\n`);
    }
    // A memory that is not JSON (or was edited by hand) is as good as none.
    const home = join(directory, "home");
    mkdirSync(home);
    writeFileSync(join(home, "notices-shown.json"), '{"constructor": 1, "__proto__": "x"');
    const result = await runCli(ask, { cwd: directory, env: { LANGCHAIN_MINI_HOME: home } });
    expect(result.stderr).toContain(`Warning: ${LEFT_OUT}\n`);
    expect(JSON.parse(readFileSync(join(home, "notices-shown.json"), "utf8"))).toEqual({
      "tool:search": LEFT_OUT,
    });
  });

  it("stops, in one line with exit 2, when search is named in --tools without a key, and on a bad SERPAPI_BASE_URL", async () => {
    const directory = tempDir();
    const script = writeScript(directory, [" I know\nFinal Answer: ok"]);
    const asked = await runCli(["ask", "--tools", "search", "--llm", `script:${script}`, "q"], {
      cwd: directory,
    });
    expect(asked.status).toBe(2);
    expect(asked.stdout).toBe("");
    expect(asked.stderr).toBe(
      "langchain-mini: stopped: --tools names search, which cannot run: SERPAPI_API_KEY is not set: set it in the environment or .env to use web search (or leave search out of --tools)\n",
    );

    const badHost = await runCli(["ask", "--llm", `script:${script}`, "q"], {
      cwd: directory,
      env: { SERPAPI_API_KEY: "k123456789", SERPAPI_BASE_URL: "localhost:8080/search" },
    });
    expect(badHost.status).toBe(2);
    expect(badHost.stderr).toBe(
      "langchain-mini: SERPAPI_BASE_URL must start with http:// or https:// ('localhost:8080/search')\n",
    );
  });

  it("shows a rejected key in the trace, never the key itself, and the model answers anyway", async () => {
    const serpApi = await startFakeSerpApi(
      {},
      {
        status: 401,
        body: {
          error: "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key",
        },
      },
    );
    fake = serpApi;
    const directory = tempDir();
    const script = writeScript(directory, [
      " I should search\nAction: search\nAction Input: current year",
      " Search is unavailable\nFinal Answer: I cannot search right now.",
    ]);
    const result = await runCli(["ask", "--llm", `script:${script}`, "What year is it?"], {
      cwd: directory,
      env: { SERPAPI_API_KEY: "wrong-serp-key-42", SERPAPI_BASE_URL: serpApi.baseURL },
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("I cannot search right now.\n");
    expect(result.stderr).toContain(
      "Observation: Tool search failed: SerpApi rejected the API key (401): answer without searching; the user should check SERPAPI_API_KEY\n",
    );
    expect(serpApi.requests[0]?.api_key).toBe("wrong-serp-key-42");
    expect(`${result.stdout}${result.stderr}`).not.toContain("wrong-serp-key-42");
  });

  it("searches Hacker News with --tools hackernews", async () => {
    const hackerNews = await startFakeHackerNews({
      hits: [{ objectID: "7", title: "Bun 1.0", url: "https://bun.sh/blog", points: 900 }],
      items: { "7": [{ text: "<p>Fast installs.</p>" }] },
    });
    fake = hackerNews;
    const directory = tempDir();
    const script = writeScript(directory, [
      " Let me look at Hacker News\nAction: hackernews\nAction Input: bun",
      " I now know the final answer\nFinal Answer: They like its speed.",
    ]);
    const result = await runCli(
      [
        "ask",
        "--tools",
        "calculator,hackernews",
        "--llm",
        `script:${script}`,
        "What do developers think of Bun?",
      ],
      { cwd: directory, env: { HACKERNEWS_BASE_URL: hackerNews.baseURL } },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("They like its speed.\n");
    expect(result.stderr).toContain(
      "Action Input: bun\nObservation: 1. Bun 1.0 (900 points) https://bun.sh/blog\n   Top comment: Fast installs.\n",
    );
    expect(hackerNews.requests[0]).toBe("/api/v1/search?tags=story&hitsPerPage=3&query=bun");
  });
});
