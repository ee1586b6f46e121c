import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { startFakeAnthropic } from "@langchain-mini/llm-anthropic/testing";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";
import { suiteReply } from "../test-support/eval-models.js";

const EXAMPLE = resolve(import.meta.dirname, "../../../../examples/eval/seeds.jsonl");

it("the example suite of the seeds' questions runs as its README says, on two models", async () => {
  const right = await startFakeOpenAi(({ body }) => ({ text: suiteReply(body, true) }));
  const wrong = await startFakeAnthropic(({ body }) => ({ text: suiteReply(body, false) }));
  try {
    const directory = tempDir();
    const json = join(directory, "results.json");
    const result = await runCli(
      [
        ...["eval", EXAMPLE, "--tools", "calculator", "--json", json],
        ...["--llm", "openai:gpt-4.1-mini", "--llm", "anthropic:claude-haiku-4-5"],
        ...["--judge", "openai:gpt-4.1-mini"],
      ],
      {
        env: {
          LANGCHAIN_MINI_HOME: tempDir(),
          OPENAI_API_KEY: "sk-eval-example-0123456789",
          OPENAI_BASE_URL: right.baseURL,
          ANTHROPIC_API_KEY: "sk-ant-eval-example-0123456789",
          ANTHROPIC_BASE_URL: wrong.baseURL,
        },
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const { results } = JSON.parse(readFileSync(json, "utf8")) as {
      results: { model: string; caseId: string; pass: boolean }[];
    };
    const failing = results
      .filter((line) => !line.pass)
      .map((line) => `${line.model} ${line.caseId}`);
    expect(failing.sort()).toEqual([
      "anthropic:claude-haiku-4-5 fahrenheit-to-celsius",
      "anthropic:claude-haiku-4-5 five-year-periods",
      "anthropic:claude-haiku-4-5 periods-judged",
    ]);
    expect(result.stdout).toMatch(/openai:gpt-4\.1-mini\s+5\/5 100%/);
    expect(result.stdout).toMatch(/anthropic:claude-haiku-4-5\s+2\/5 40%/);
  } finally {
    await right.close();
    await wrong.close();
  }
});
