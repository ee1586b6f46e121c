import { describe, expect, it } from "vitest";
import { StopSequenceCutter } from "./stop-sequences.js";

/** Feeds `text` in chunks of `size`; returns what was emitted, piece by piece. */
function feed(stops: readonly string[], text: string, size: number) {
  const cutter = new StopSequenceCutter(stops);
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) {
    pieces.push(cutter.push(text.slice(start, start + size)));
  }
  pieces.push(cutter.flush());
  return { pieces, stopped: cutter.stopped };
}

describe("StopSequenceCutter", () => {
  const completion = " Go\nAction: search\nAction Input: x\nObservation: invented\nThought: more";
  const expected = " Go\nAction: search\nAction Input: x";

  it("cuts at the stop however the stream is chunked, and never emits past it", () => {
    for (let size = 1; size <= completion.length; size++) {
      const { pieces, stopped } = feed(["\nObservation:"], completion, size);
      expect(pieces.join(""), `chunks of ${size}`).toBe(expected);
      expect(stopped).toBe(true);
      // Every prefix of what was emitted is a prefix of the cut text: nothing leaked.
      let emitted = "";
      for (const piece of pieces) {
        emitted += piece;
        expect(expected.startsWith(emitted)).toBe(true);
      }
    }
  });

  it("finds a stop sequence split across chunks", () => {
    const cutter = new StopSequenceCutter(["\nObservation:"]);
    expect(cutter.push("Action Input: b\nObs")).toBe("Action Input: b");
    expect(cutter.stopped).toBe(false);
    expect(cutter.push("erva")).toBe("");
    expect(cutter.push("tion: fake")).toBe("");
    expect(cutter.stopped).toBe(true);
    expect(cutter.push(" more")).toBe("");
    expect(cutter.flush()).toBe("");
  });

  it("releases a held-back tail that turned out not to be a stop", () => {
    const cutter = new StopSequenceCutter(["\nObservation:"]);
    expect(cutter.push("line\nObs")).toBe("line");
    expect(cutter.push("cure")).toBe("\nObscure");
    expect(cutter.push("\n")).toBe("");
    expect(cutter.flush()).toBe("\n");
    expect(cutter.stopped).toBe(false);
  });

  it("cuts at the earliest of several stops", () => {
    for (let size = 1; size <= 12; size++) {
      expect(
        feed(["\nObservation:", "END"], "abc END def\nObservation: x", size).pieces.join(""),
      ).toBe("abc ");
    }
  });

  it("cuts a stop at the very start to nothing", () => {
    const { pieces, stopped } = feed(["\nObservation:"], "\nObservation: all invented", 4);
    expect(pieces.join("")).toBe("");
    expect(stopped).toBe(true);
  });

  it("passes everything through without stops, and ignores empty ones", () => {
    for (const stops of [[], [""]]) {
      const cutter = new StopSequenceCutter(stops);
      expect(cutter.push("abc")).toBe("abc");
      expect(cutter.flush()).toBe("");
    }
  });
});
