import { describe, expect, it } from "vitest";
import { generate } from "../llm.js";
import { StopSequenceCutter } from "../stop-sequences.js";
import { ScriptedLlm } from "./scripted-llm.js";

describe("ScriptedLlm", () => {
  it("returns replies in order, in chunks, and records every call", async () => {
    const llm = new ScriptedLlm(["first reply", "second"], { chunkSize: 5 });
    const chunks: string[] = [];
    for await (const chunk of llm.stream({ prompt: "p1" }))
      if (chunk.type === "text") chunks.push(chunk.text);
    expect(chunks).toEqual(["first", " repl", "y"]);
    expect((await generate(llm, { prompt: "p2" })).text).toBe("second");
    expect(llm.calls.map((call) => call.prompt)).toEqual(["p1", "p2"]);
    expect(llm.remaining).toBe(0);
  });

  it("honours stop sequences as a real server does", async () => {
    const llm = new ScriptedLlm(["Action: x\nObservation: made up"]);
    const response = await generate(llm, { prompt: "p", stop: ["\nObservation:"] });
    expect(response.text).toBe("Action: x");
    expect(response.reason).toBe("stop");
    expect(response.usage?.outputTokens).toBeGreaterThan(0);
  });

  it("fails on cue and when the script runs out", async () => {
    const llm = new ScriptedLlm([{ error: new Error("boom") }], { source: "answers.json" });
    await expect(generate(llm, { prompt: "p" })).rejects.toThrow("boom");
    await expect(generate(llm, { prompt: "p" })).rejects.toMatchObject({
      code: "script_exhausted",
      message: "The scripted LLM has no reply for call 2 in answers.json: add one to the script",
    });
  });

  it("waits when told to, and an abort ends the wait", async () => {
    const llm = new ScriptedLlm([{ text: "slow", delayMs: 5_000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    await expect(generate(llm, { prompt: "p", signal: controller.signal })).rejects.toMatchObject({
      code: "aborted",
    });
  });
});

describe("StopSequenceCutter", () => {
  it("finds a stop sequence split across chunks and emits nothing past it", () => {
    const cutter = new StopSequenceCutter(["\nObservation:"]);
    const out = ["Action: a\nAction Input: b\nObs", "ervation: fake", " more"].map((chunk) =>
      cutter.push(chunk),
    );
    expect(out.join("") + cutter.flush()).toBe("Action: a\nAction Input: b");
    expect(cutter.stopped).toBe(true);
  });

  it("releases a held-back tail that turned out not to be a stop", () => {
    const cutter = new StopSequenceCutter(["\nObservation:"]);
    expect(cutter.push("line\nObs")).toBe("line");
    expect(cutter.push("cure")).toBe("\nObscure");
    expect(cutter.push("\n")).toBe("");
    expect(cutter.flush()).toBe("\n");
  });

  it("passes everything through without stops", () => {
    const cutter = new StopSequenceCutter([]);
    expect(cutter.push("abc")).toBe("abc");
    expect(cutter.flush()).toBe("");
  });
});
