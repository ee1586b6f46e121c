import { describe, expect, it } from "vitest";
import type { LlmRequest } from "../../contracts/llm.js";
import type { RunRecord } from "../../contracts/run-journal.js";
import {
  agentFor,
  answerReply,
  fetchReply,
  isSummaryCall,
  type Mode,
  pagesTool,
  runToEnd,
  windowedLlm,
} from "../../test-support/long-run.js";
import type { ScriptedReply } from "../../testing/scripted-llm.js";

/** A request as it goes out: its signal is the run's own. */
const sent = ({ signal: _, ...request }: LlmRequest) => request;

const steps = (records: readonly RunRecord[]) =>
  records.filter((record) => record.type !== "start" && record.type !== "end");

describe.each<Mode>(["react", "tools"])("a %s run that compacted, taken up again", (mode) => {
  it("from any point of its journal makes the same requests, byte for byte", async () => {
    const thought = `I should read the next page, ${"thinking it through ".repeat(30)}`;
    const pages = 24;
    const script: ScriptedReply[] = [
      ...Array.from({ length: pages }, (_, index) =>
        fetchReply(mode, index + 1, index % 3 ? thought : "next"),
      ),
      answerReply(mode, `CODE-${pages}`),
    ];
    // Declared a little larger than kept: the run meets refusals too (reason "provider").
    const window = { declared: 8_192, kept: 7_900 };
    const whole = windowedLlm(script, window);
    const full = await runToEnd(agentFor(mode, whole.llm, [pagesTool(6_000)]));
    expect(full.result.status).toBe("answered");
    const kept = steps(full.records);
    const reasons = new Set(
      kept.flatMap((record) => (record.type === "compaction" ? [record.reason] : [])),
    );
    expect(reasons).toEqual(new Set(["window", "provider"]));
    expect(kept.some((record) => record.type === "compaction" && record.summarised > 0)).toBe(true);
    expect(kept.some((record) => record.type === "llm" && record.purpose === "compaction")).toBe(
      true,
    );

    // Every cut just after a compaction or its summary call, and a few others.
    const cuts = kept.flatMap((record, index) =>
      record.type === "compaction" || (record.type === "llm" && record.purpose) || index % 9 === 0
        ? [index + 1]
        : [],
    );
    for (const cut of cuts) {
      const recorded = kept.slice(0, cut);
      const agentCalls = recorded.filter(
        (record) => record.type === "llm" && !record.purpose,
      ).length;
      const summaryCalls = recorded.filter(
        (record) => record.type === "llm" && record.purpose,
      ).length;
      const again = windowedLlm(script.slice(agentCalls), window);
      const resumed = await runToEnd(agentFor(mode, again.llm, [pagesTool(6_000)]), recorded);
      expect(resumed.result.error, `cut after ${cut} records`).toBeUndefined();
      // The live requests are the ones the whole run made after the cut.
      const before = whole.calls.filter((call, index) =>
        isSummaryCall(call)
          ? whole.calls.slice(0, index + 1).filter(isSummaryCall).length > summaryCalls
          : whole.calls.slice(0, index + 1).filter((other) => !isSummaryCall(other)).length >
            agentCalls,
      );
      expect(again.calls.map(sent), `cut after ${cut} records`).toEqual(before.map(sent));
      expect(resumed.result.usage).toEqual(full.result.usage);
      // Its compactions are the whole run's, the replayed ones included.
      const compactions = (events: typeof full.events) =>
        events.filter((event) => event.type === "compaction");
      expect(compactions(resumed.events)).toEqual(compactions(full.events));
    }
  });
});
