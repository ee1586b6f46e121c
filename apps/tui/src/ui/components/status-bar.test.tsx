import { NO_COST, NO_TALLY, NO_USAGE, type RunSummary, tallyCall } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../test-support/render-ui.js";
import { reduceRun } from "../state/run-reducer.js";
import type { RunView } from "../state/ui-state.js";
import { StatusBar } from "./status-bar.js";

const run = (overrides: Partial<RunView>): RunView => ({
  id: 1,
  question: "q",
  steps: [],
  warnings: [],
  outcome: "running",
  step: 3,
  maxSteps: 15,
  usage: { inputTokens: 1234, outputTokens: 56 },
  cost: NO_COST,
  startedAt: Date.now() - 2_500,
  ...overrides,
});

describe("StatusBar", () => {
  it("shows model, step k of max, elapsed time and tokens for the run and the session", async () => {
    const running = run({ waitingOn: "tool" });
    const ui = await renderUi(
      <StatusBar
        model="openai:gpt-4.1-mini"
        run={running}
        sessionUsage={{ inputTokens: 45_000, outputTokens: 789 }}
        sessionCost={NO_COST}
        confirmingQuit={false}
        columns={120}
      />,
    );
    const frame = ui.frame();
    expect(frame).toMatch(
      /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] running the tool · openai:gpt-4\.1-mini · step 3 of 15 · \d+\.\ds · run 1234 in \/ 56 out · session 45k in \/ 789 out/,
    );
    // The time since the run started, however long a busy machine took to draw it.
    const shown = Number(/ (\d+\.\d)s · run/.exec(frame)?.[1]);
    expect(shown).toBeGreaterThanOrEqual(2.5);
    expect(shown).toBeLessThanOrEqual((Date.now() - running.startedAt) / 1000 + 0.05);
  });

  it("names memory's rewrite of a follow-up, not a step 0 of the agent", async () => {
    const rewriting = [
      {
        type: "run-start",
        runId: "r",
        question: "q",
        tools: [],
        maxSteps: 15,
        provider: "p",
        model: "m",
      },
      { type: "llm-start", step: 0, purpose: "rewrite", prompt: "Rephrase: q" },
    ] as const;
    const folded = rewriting.reduce(reduceRun, run({ step: 0 }));
    const ui = await renderUi(
      <StatusBar
        model="m"
        run={folded}
        sessionUsage={NO_USAGE}
        sessionCost={NO_COST}
        confirmingQuit={false}
        columns={120}
      />,
    );
    const frame = ui.frame();
    expect(frame).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] rewriting the follow-up · m · \d+\.\ds · run/);
    expect(frame).not.toContain("step 0");
  });

  it("turns the spinner while waiting on the model, and stops it when the run ends", async () => {
    const ui = await renderUi(
      <StatusBar
        model="m"
        run={run({})}
        sessionUsage={NO_USAGE}
        sessionCost={NO_COST}
        confirmingQuit={false}
        columns={120}
      />,
    );
    const first = ui.frame();
    await ui.waitFor(/^[⠙⠹⠸⠼⠴⠦⠧⠇⠏] waiting for the model/);
    expect(first).toContain("waiting for the model");
    const ended = await renderUi(
      <StatusBar
        model="m"
        run={run({ outcome: "answered", endedAt: Date.now() })}
        sessionUsage={NO_USAGE}
        sessionCost={NO_COST}
        confirmingQuit={false}
        columns={120}
      />,
    );
    expect(ended.frame()).toMatch(/^m · step 3 of 15/);
  });

  it("asks before quitting during a run", async () => {
    const ui = await renderUi(
      <StatusBar
        model="m"
        run={run({})}
        sessionUsage={NO_USAGE}
        sessionCost={NO_COST}
        confirmingQuit
        columns={120}
      />,
    );
    expect(ui.frame()).toContain("press Ctrl+C again to quit, or Esc to cancel the question");
  });

  it("says the model is writing once its tokens arrive, not that it keeps us waiting", async () => {
    const streaming = run({
      waitingOn: "llm",
      steps: [{ step: 3, raw: " I need", streamed: " I need" }],
    });
    const ui = await renderUi(
      <StatusBar
        model="m"
        run={streaming}
        sessionUsage={NO_USAGE}
        sessionCost={NO_COST}
        confirmingQuit={false}
        columns={120}
      />,
    );
    expect(ui.frame()).toContain("the model is writing");
    expect(ui.frame()).not.toContain("waiting for the model");
  });

  it("adds what the run and the session cost when the model's price is known", async () => {
    const usage = { inputTokens: 1234, outputTokens: 56 };
    const priced = tallyCall(NO_TALLY, { usage, cost: 0.00038 }).cost;
    const earlier = tallyCall(NO_TALLY, { usage, cost: 0.0123 });
    const ui = await renderUi(
      <StatusBar
        model="anthropic:claude-haiku-5-5"
        run={run({ cost: priced, outcome: "answered", endedAt: Date.now() })}
        sessionUsage={{ inputTokens: 2468, outputTokens: 112 }}
        sessionCost={{ ...priced, dollars: 0.00038 + 0.0123, pricedCalls: 2 }}
        confirmingQuit={false}
        columns={120}
      />,
    );
    expect(ui.frame()).toContain(
      "run 1234 in / 56 out, $0.00038 · session 2468 in / 112 out, $0.013",
    );
    // A run without a price shows tokens only, and so does a session it is part of.
    const unpriced = tallyCall(NO_TALLY, { usage }).cost;
    const tokensOnly = await renderUi(
      <StatusBar
        model="script:replies.json"
        run={run({ cost: unpriced })}
        sessionUsage={usage}
        sessionCost={tallyCall(earlier, { usage }).cost}
        confirmingQuit={false}
        columns={120}
      />,
    );
    expect(tokensOnly.frame()).toMatch(/run 1234 in \/ 56 out · session 1234 in \/ 56 out$/m);
    expect(tokensOnly.frame()).not.toContain("$");
  });

  describe("in a narrow window", () => {
    const summary = {
      steps: 1,
      llmCalls: 1,
      wallMs: 4_200,
      llmMs: 3_900,
      toolMs: 200,
      frameworkMs: 100,
    } as RunSummary;
    const priced = tallyCall(NO_TALLY, {
      usage: { inputTokens: 1234, outputTokens: 56 },
      cost: 0.0123,
    }).cost;
    const bar = (columns: number, overrides: Partial<RunView> = {}, ended = false) =>
      renderUi(
        <StatusBar
          model="openai:gpt-4.1-mini"
          run={run({ step: 1, maxSteps: 15, cost: priced, ...overrides })}
          sessionUsage={{ inputTokens: 45_000, outputTokens: 789 }}
          sessionCost={priced}
          confirmingQuit={false}
          summary={ended ? summary : undefined}
          columns={columns}
        />,
        { columns },
      );

    it("keeps 'step 1 of 15' whole at 60 columns, dropping the session's figures and the run's tokens first", async () => {
      const frame = (await bar(60)).frame();
      expect(frame).toMatch(
        /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] waiting for the model · gpt-4\.1-mini · step 1 of 15 · \d+\.\ds$/,
      );
      expect(frame).not.toContain("session");
      expect(frame).not.toContain("…");
    });

    it.each([60, 50, 40, 30, 20, 12, 8, 3])(
      "never cuts a number at %i columns",
      async (columns) => {
        for (const ended of [false, true]) {
          const overrides = ended ? { outcome: "answered" as const, endedAt: Date.now() } : {};
          const frame = (await bar(columns, overrides, ended)).frame();
          expect(frame.length, frame).toBeLessThanOrEqual(columns);
          expect(frame).not.toContain("…");
          // Every figure on the bar is one of the whole figures it can show.
          const numbers = frame.replace("gpt-4.1-mini", "").match(/\$?\d[\d.k]*s?/g) ?? [];
          const whole = ["1", "15", "4.2s", "3.9s", "0.2s", "0.1s", "1234", "56", "45k", "789"];
          for (const number of numbers) {
            expect(
              whole.includes(number) || /^\$0\.01\d*$/.test(number) || /^\d+\.\ds$/.test(number),
              `${number} in ${frame}`,
            ).toBe(true);
          }
          if (/step \d/.test(frame)) expect(frame).toContain("step 1 of 15");
          // While a question runs, the spinner says so whatever the width.
          if (!ended) expect(frame).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
        }
      },
    );

    it("gives up the time's split and the session before the provider's name", async () => {
      const model = "llamacpp:hf_Qwen_Qwen2.5-1.5B-Instruct-GGUF_qwen2.5-1.5b-instruct-q4_k_m";
      const ui = await renderUi(
        <StatusBar
          model={model}
          run={run({ outcome: "answered", endedAt: Date.now() })}
          sessionUsage={{ inputTokens: 1448, outputTokens: 7 }}
          sessionCost={NO_COST}
          confirmingQuit={false}
          summary={{ ...summary, steps: 2, llmCalls: 2 }}
          columns={120}
        />,
        { columns: 120 },
      );
      expect(ui.frame()).toBe(`${model} · 2 steps · 4.2s · run 1234 in / 56 out`);
    });

    it("says what Ctrl+C does again in a narrow window, without cutting it", async () => {
      const ui = await renderUi(
        <StatusBar
          model="m"
          run={run({})}
          sessionUsage={NO_USAGE}
          sessionCost={NO_COST}
          confirmingQuit
          columns={40}
        />,
        { columns: 40 },
      );
      expect(ui.frame()).toBe("Ctrl+C again quits, Esc cancels");
    });
  });
});
