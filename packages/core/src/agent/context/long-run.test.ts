import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../contracts/events.js";
import type { ChatMessage, LlmRequest } from "../../contracts/llm.js";
import {
  agentFor,
  agentStarts,
  answerReply,
  fetchReply,
  isSummaryCall,
  type Mode,
  pagesTool,
  runToEnd,
  windowedLlm,
} from "../../test-support/long-run.js";
import { estimateTextTokens } from "./estimate-tokens.js";

const MODES: readonly Mode[] = ["react", "tools"];
const WINDOW = 8_192;

const compactions = (events: readonly AgentEvent[]) =>
  events.filter((event) => event.type === "compaction");

/** Between two compactions, each agent call's prompt extends the one before. */
function expectAppendOnly(events: readonly AgentEvent[]) {
  let previous: string | readonly ChatMessage[] | undefined;
  let compacted = false;
  for (const event of events) {
    if (event.type === "compaction") compacted = true;
    if (event.type !== "llm-start" || event.purpose) continue;
    const now = event.prompt ?? event.messages ?? [];
    if (previous !== undefined && !compacted) {
      if (typeof now === "string") {
        expect(now.startsWith(previous as string)).toBe(true);
        expect(event.appended).toBe(now.slice((previous as string).length));
      } else {
        expect(now.slice(0, previous.length)).toEqual(previous);
        expect(event.newMessages).toBe(now.length - previous.length);
      }
    }
    // The first call after a compaction sends its prompt whole.
    if (compacted) expect(event.appended ?? event.newMessages).toBeUndefined();
    previous = now;
    compacted = false;
  }
}

/** Every tool call a request carries is followed by its result: none is ever orphaned. */
function expectCallsWithResults(request: LlmRequest) {
  const messages = request.messages ?? [];
  messages.forEach((message, index) => {
    if (message.role !== "assistant") return;
    const results = messages.slice(index + 1, index + 1 + (message.toolCalls?.length ?? 0));
    expect(results.map((result) => (result.role === "tool" ? result.toolCallId : "none"))).toEqual(
      (message.toolCalls ?? []).map((call) => call.id),
    );
  });
}

describe.each(MODES)("a long %s run", (mode) => {
  it("keeps 32 steps of 50 KB results inside an 8K window, compacting rarely, appending between", async () => {
    const pages = 32;
    const script = [
      ...Array.from({ length: pages }, (_, index) => fetchReply(mode, index + 1)),
      answerReply(mode, `CODE-${pages}`),
    ];
    const { llm, calls } = windowedLlm(script, { declared: WINDOW });
    const { events, result } = await runToEnd(agentFor(mode, llm, [pagesTool(50_000)]));

    expect(result.status).toBe("answered");
    // The model never refused a prompt: each fit with its reply's room.
    expect(events.filter((event) => event.type === "llm-end" && event.error)).toEqual([]);
    expect(calls).toHaveLength(pages + 1);
    for (const call of calls) {
      const text =
        call.prompt ?? (call.messages ?? []).map((message) => message.content).join("\n");
      expect(Math.ceil(text.length / 4) + (call.maxTokens ?? 0)).toBeLessThanOrEqual(WINDOW);
      expect(call.maxTokens).toBe(WINDOW / 4);
      expectCallsWithResults(call);
    }
    // Each observation event carries the whole result; the prompt its beginning and end.
    const observations = events.filter((event) => event.type === "observation");
    expect(observations.every((event) => event.text.length > 50_000)).toBe(true);
    expect(calls[1]?.prompt ?? JSON.stringify(calls[1]?.messages)).toMatch(
      /characters left out here\. To read them: /,
    );
    expect(calls[1]?.prompt ?? JSON.stringify(calls[1]?.messages)).toContain("CODE-1.");
    // Compactions are few and large, by clearing old results: nothing needed a summary.
    const done = compactions(events);
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThanOrEqual(pages / 3);
    for (const compaction of done) {
      expect(compaction).toMatchObject({ reason: "window", summarised: 0, window: WINDOW });
      expect(compaction.cleared).toBeGreaterThanOrEqual(3);
      expect(compaction.tokensAfter).toBeLessThanOrEqual((WINDOW - WINDOW / 4) / 2);
    }
    expect(events.some((event) => event.type === "llm-start" && event.purpose)).toBe(false);
    expectAppendOnly(events);
    // The latest page is always there to read; cleared ones say how to read them again.
    const last = agentStarts(events).at(-1);
    const lastPrompt = last?.prompt ?? JSON.stringify(last?.messages);
    expect(lastPrompt).toContain(`CODE-${pages}.`);
    expect(lastPrompt).toMatch(
      /\[Result 1 \([\d,]+ characters\) was cleared to save room\. To read it again: /,
    );
  });

  it("folds the oldest steps into a summary when clearing results is not enough", async () => {
    const thought = `I should read the next page, ${"thinking it through at length ".repeat(40)}`;
    const pages = 30;
    const script = [
      ...Array.from({ length: pages }, (_, index) => fetchReply(mode, index + 1, thought)),
      answerReply(mode, `CODE-${pages}`),
    ];
    const { llm, calls } = windowedLlm(script, { declared: WINDOW });
    const { events, result } = await runToEnd(agentFor(mode, llm, [pagesTool(200)]));

    expect(result.status).toBe("answered");
    expect(events.filter((event) => event.type === "llm-end" && event.error)).toEqual([]);
    const folded = compactions(events).filter((event) => event.summarised > 0);
    expect(folded.length).toBeGreaterThan(0);
    const first = folded[0];
    // Its summary call came just before it, with the question and the folded steps.
    const index = events.indexOf(first as AgentEvent);
    const summaryCall = events
      .slice(0, index)
      .findLast((event) => event.type === "llm-start" && event.purpose === "compaction");
    expect(summaryCall).toMatchObject({ step: first?.step });
    const summaryPrompt = summaryCall?.type === "llm-start" ? (summaryCall.prompt ?? "") : "";
    expect(summaryPrompt).toContain("Question: What is the code of the last page?");
    expect(summaryPrompt).toContain("Step 1: I should read the next page");
    expect(isSummaryCall({ prompt: summaryPrompt })).toBe(true);
    // The next prompt holds the summary in place of the folded steps, and the newest verbatim.
    const after = agentStarts(events.slice(index))[0];
    const text = after?.prompt ?? JSON.stringify(after?.messages);
    expect(text).toContain(`(Steps 1 to ${first?.summarised} `);
    expect(text).toContain("Summary 1: the pages so far were read.");
    expect(text).not.toContain("CODE-1.");
    expect(text).toContain(`CODE-${(first?.step ?? 0) - 1}.`);
    expect(first?.tokensAfter).toBeLessThan(first?.tokensBefore ?? 0);
    for (const call of calls) expectCallsWithResults(call);
    expectAppendOnly(events);
  });

  it("lets the model read the rest of a cut result with read_result", async () => {
    const read = (offset: string) =>
      mode === "react"
        ? ` I need the rest\nAction: read_result\nAction Input: {"result": "1", "offset": ${offset}}`
        : {
            text: "",
            toolCalls: [
              { id: "r1", name: "read_result", arguments: { result: "1", offset: Number(offset) } },
            ],
          };
    // Where the cut line says to read on.
    const first = windowedLlm([fetchReply(mode, 1), answerReply(mode, "x")], { declared: WINDOW });
    await runToEnd(agentFor(mode, first.llm, [pagesTool(20_000)]));
    const cutPrompt = first.calls[1]?.prompt ?? JSON.stringify(first.calls[1]?.messages);
    const offset = /offset\\?": (\d+)\}/.exec(cutPrompt)?.[1] ?? "none";

    const { llm, calls } = windowedLlm(
      [fetchReply(mode, 1), read(offset), answerReply(mode, "x")],
      {
        declared: WINDOW,
      },
    );
    const { events, result } = await runToEnd(agentFor(mode, llm, [pagesTool(20_000)]));
    expect(result.status).toBe("answered");
    const page = pagesTool(20_000).execute("1");
    const slice = events.find((event) => event.type === "observation" && event.step === 2);
    expect(slice?.type === "observation" && slice.text).toMatch(
      new RegExp(`^${page.slice(Number(offset), Number(offset) + 40)}`),
    );
    const total = page.length.toLocaleString("en-US");
    expect(slice?.type === "observation" && slice.text).toMatch(
      new RegExp(
        `\\[Characters ${Number(offset).toLocaleString("en-US")} to [\\d,]+ of ${total} of result 1; to read on: `,
      ),
    );
    expect(estimateTextTokens(slice?.type === "observation" ? slice.text : "")).toBeLessThanOrEqual(
      800,
    );
    // It asked for no approval and took no record: it reads what the run holds.
    expect(events.some((event) => event.type === "approval")).toBe(false);
    if (mode === "tools") {
      // Offered once a result was cut, never before.
      expect(calls[0]?.tools?.map((tool) => tool.name)).toEqual(["fetch"]);
      expect(calls[1]?.tools?.map((tool) => tool.name)).toEqual(["fetch", "read_result"]);
    } else {
      expect(calls[0]?.prompt).not.toContain("read_result");
    }
  });
});
