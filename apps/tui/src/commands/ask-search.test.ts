import { startFakeSerpApi } from "@langchain-mini/tool-search/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

let fake: Awaited<ReturnType<typeof startFakeSerpApi>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

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
    fake = await startFakeSerpApi({
      "highest temperature in Santa Cruz de Tenerife yesterday": {
        body: { answer_box: { type: "organic_result", snippet: TENERIFE } },
      },
    });
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
        env: { SERPAPI_API_KEY: "serp-key-for-tests", SERPAPI_BASE_URL: fake.baseURL },
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
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.api_key).toBe("serp-key-for-tests");
    expect(result.stderr).not.toContain("serp-key-for-tests");
  });

  it("offers search by default only with a key, and refuses it by name without one", async () => {
    const directory = tempDir();
    const script = writeScript(directory, [" I know\nFinal Answer: ok"]);
    const withKey = await runCli(["ask", "--json", "--llm", `script:${script}`, "q"], {
      cwd: directory,
      env: { SERPAPI_API_KEY: "k123456789" },
    });
    expect(JSON.parse(withKey.stdout.split("\n")[0] ?? "{}").tools).toEqual([
      "search",
      "calculator",
    ]);

    const asked = await runCli(["ask", "--tools", "search", "--llm", `script:${script}`, "q"], {
      cwd: directory,
    });
    expect(asked.status).toBe(2);
    expect(asked.stderr).toBe(
      "langchain-mini: SERPAPI_API_KEY is not set, so web search is left out: set it in the environment or .env to enable the search tool\n",
    );
  });
});
