import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../contracts/events.js";
import {
  agentFor,
  answerReply,
  fetchReply,
  type Mode,
  pagesTool,
  runToEnd,
  windowedLlm,
} from "../../test-support/long-run.js";
import { summariseRun } from "../run-stats.js";

describe.each<Mode>(["react", "tools"])(
  "a %s run whose model refuses a prompt as too long",
  (mode) => {
    it("compacts harder once and tries the call again", async () => {
      const pages = 16;
      const script = [
        ...Array.from({ length: pages }, (_, index) => fetchReply(mode, index + 1)),
        answerReply(mode, `CODE-${pages}`),
      ];
      // The model says 32K, but keeps 8K: the run finds out from its refusals.
      const { llm, calls } = windowedLlm(script, { declared: 32_768, kept: 8_192 });
      const { events, result } = await runToEnd(agentFor(mode, llm, [pagesTool(12_000)]));

      expect(result.status).toBe("answered");
      const refusals = events.filter(
        (event): event is Extract<AgentEvent, { type: "llm-end" }> =>
          event.type === "llm-end" && event.error !== undefined,
      );
      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) {
        expect(refusal).toMatchObject({ error: { code: "llm_context_exceeded" } });
        // Right after it: a compaction, and the same step's call again, which the model took.
        const index = events.indexOf(refusal);
        const compaction = events.slice(index).find((event) => event.type === "compaction");
        expect(compaction).toMatchObject({ reason: "provider", step: refusal.step });
        const retry = events.slice(index + 1).find((event) => event.type === "llm-end");
        expect(retry).toMatchObject({ step: refusal.step });
        expect(retry?.type === "llm-end" && retry.error).toBeFalsy();
      }
      expect(calls).toHaveLength(pages + 1);
      // A refused call made again is one step, not two.
      expect(summariseRun(events)).toMatchObject({
        steps: pages + 1,
        llmCalls: pages + 1 + refusals.length,
      });
    });

    it("fails with llm_context_exceeded when nothing is left to compact", async () => {
      const { llm } = windowedLlm([answerReply(mode, "x")], { declared: 32_768, kept: 1_000 });
      const { events, result } = await runToEnd(agentFor(mode, llm, [pagesTool(10)]));
      expect(result.status).toBe("failed");
      expect(result.error?.code).toBe("llm_context_exceeded");
      expect(events.filter((event) => event.type === "compaction")).toEqual([]);
    });
  },
);
