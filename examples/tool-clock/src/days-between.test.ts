import { Agent } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import { createDaysBetween } from "./days-between.js";

const context = { signal: new AbortController().signal };
// 23:30 in New York is already the next day in Tokyo.
const now = () => new Date("2026-11-24T04:30:00Z");

describe("days_between", () => {
  it("counts days across months and years, negative backwards", async () => {
    const tool = createDaysBetween({ now });
    expect(await tool.execute({ from: "2026-11-23", to: "2027-01-01" }, context)).toBe(
      "39 days from 2026-11-23 to 2027-01-01",
    );
    expect(await tool.execute({ from: "2024-03-01", to: "2024-02-01" }, context)).toBe(
      "-29 days from 2024-03-01 to 2024-02-01",
    );
  });

  it("counts to today in the user's zone when `to` is left out", async () => {
    const inNewYork = createDaysBetween({ now, defaultTimeZone: "America/New_York" });
    const inTokyo = createDaysBetween({ now, defaultTimeZone: "Asia/Tokyo" });
    expect(await inNewYork.execute({ from: "2026-11-01" }, context)).toBe(
      "22 days from 2026-11-01 to 2026-11-23",
    );
    expect(await inTokyo.execute({ from: "2026-11-01" }, context)).toBe(
      "23 days from 2026-11-01 to 2026-11-24",
    );
  });

  it("answers a day that is not in the calendar with what to write instead", async () => {
    expect(await createDaysBetween({ now }).execute({ from: "2026-02-30" }, context)).toBe(
      "2026-02-30 is not a date in the calendar: give a real day as YYYY-MM-DD",
    );
  });

  it("gets its arguments checked by the agent: a wrong shape goes back to the model", async () => {
    const llm = new ScriptedLlm([
      ' I need the days.\nAction: days_between\nAction Input: {"from": "23/11/2026"}',
      ' Dates are YYYY-MM-DD.\nAction: days_between\nAction Input: {"from": "2026-11-23", "to": "2026-12-25"}',
      " I now know the final answer\nFinal Answer: 32 days.",
    ]);
    const run = new Agent({ llm, tools: [createDaysBetween({ now })] }).run("Days to Christmas?");
    const observations: string[] = [];
    for await (const event of run) if (event.type === "observation") observations.push(event.text);
    expect(observations[0]).toMatch(/^Tool days_between did not run: the input is invalid: from: /);
    expect(observations[1]).toBe("32 days from 2026-11-23 to 2026-12-25");
    expect((await run.result).answer).toBe("32 days.");
    // The ReAct prompt lists the fields the schema declares.
    expect(llm.calls[0]?.prompt).toContain('{"from": string, "to"?: string}');
  });
});
