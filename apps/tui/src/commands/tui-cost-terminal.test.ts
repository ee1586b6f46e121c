import { startFakeAnthropic } from "@langchain-mini/llm-anthropic/testing";
import { afterEach, describe, expect, it } from "vitest";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

const dollars = (shown: string | undefined) => Number(shown?.replace("$", ""));

describe("the terminal UI's status bar (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it("shows what a run cost and what the session has cost, for a model with a known price", async () => {
    const fake = await startFakeAnthropic([
      { text: " I need the calculator\nAction: calculator\nAction Input: 25^(1/2)" },
      { text: " I now know the final answer\nFinal Answer: The square root of 25 is 5." },
      // The follow-up: memory's rewrite, then one step.
      { text: "What is 2 + 2?" },
      { text: " I now know the final answer\nFinal Answer: It is 4." },
    ]);
    cleanups.push(() => fake.close());
    const screen = new Terminal(undefined, {
      ANTHROPIC_API_KEY: "sk-ant-test-key-1234567890",
      ANTHROPIC_BASE_URL: fake.baseURL,
    });
    cleanups.push(() => screen.kill());
    screen.start(["--llm", "anthropic:claude-haiku-5-5", "--tools", "calculator"], {
      columns: 220,
      rows: 36,
    });
    await screen.ask("What is the square root of 25?");
    const cost = /run \d+ in \/ \d+ out, (\$[\d.]+) · session \d+ in \/ \d+ out, (\$[\d.]+)/;
    const first = cost.exec(await screen.waitFor(cost));
    expect(first?.[1]).toBe(first?.[2]);
    expect(dollars(first?.[1])).toBeGreaterThan(0);
    // The cost shows from the run's last LLM call on; the split of its time, once it ended.
    await screen.waitFor(/framework [\d.]+s/);

    // Asked once the first run has ended (ask waits for that): Enter then takes the line.
    await screen.ask("And 2 + 2?");
    await screen.waitFor("It is 4.");
    const second = cost.exec(
      await screen.waitFor(/2 steps \+ 1 memory call|1 step \+ 1 memory call/),
    );
    // The session adds this run's cost (its rewrite included) to the first run's.
    expect(dollars(second?.[2])).toBeGreaterThan(dollars(second?.[1]));
    expect(dollars(second?.[2])).toBeGreaterThan(dollars(first?.[2]));

    expect(await screen.quit()).toBe(0);
  });
});
