import { describe, expect, it } from "vitest";
import { readVerdict } from "./judge-verdict.js";

describe("readVerdict", () => {
  it("reads the verdict and score as models write them", () => {
    expect(readVerdict("Good.\nSCORE: 0.75\nVERDICT: PASS")).toEqual({
      ok: true,
      pass: true,
      score: 0.75,
      why: "Good.",
    });
    expect(readVerdict("Wrong number.\n**Score:** 0/1\n**VERDICT:** fail.")).toMatchObject({
      ok: true,
      pass: false,
      score: 0,
    });
    expect(readVerdict("VERDICT = Pass")).toMatchObject({ ok: true, pass: true, score: 1 });
  });

  it("refuses a reply without a verdict line, or with a score out of range", () => {
    expect(readVerdict("I think it passes.")).toEqual({
      ok: false,
      problem: "its reply has no line VERDICT: PASS or FAIL",
    });
    expect(readVerdict("VERDICT: PASSABLE")).toMatchObject({ ok: false });
    expect(readVerdict("SCORE: 7\nVERDICT: PASS")).toEqual({
      ok: false,
      problem: "its SCORE 7 is not between 0 and 1",
    });
  });
});
