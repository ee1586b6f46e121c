import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildScriptModel, type ScriptModelSpec } from "./script-model.js";

/**
 * "What is 2+2?" in two ReAct steps: an action for the calculator (then a made-up
 * observation, which the stop sequence must cut), and once that step is in the prompt,
 * the final answer.
 */
export const CALCULATOR_SCRIPT: ScriptModelSpec = {
  name: "calculator-script",
  trigger: "Thought:",
  steps: [
    {
      phrases: [
        " I need to add 2 and 2.",
        "\nAction: calculator",
        "\nAction Input: 2+2",
        "\nObservation:",
        " 5, says the model",
      ],
    },
    { phrases: [" I now know the final answer.", "\nFinal Answer: 2+2 is 4."] },
  ],
};

/** Names a tool nobody configured unless a grammar rules it out; its second choice is valid. */
export const UNKNOWN_TOOL_SCRIPT: ScriptModelSpec = {
  name: "unknown-tool-script",
  trigger: "Thought:",
  steps: [
    {
      phrases: [
        " Let me look this up.",
        ["\nAction: weather", "\nAction: calculator"],
        "\nAction Input: 2+2",
        "\nObservation:",
      ],
    },
    { phrases: [" That settles it.", "\nFinal Answer: 4"] },
  ],
};

/** Never stops on its own: for maxTokens, aborts and throughput. */
export const ENDLESS_SCRIPT: ScriptModelSpec = {
  name: "endless-script",
  trigger: "Thought:",
  steps: [{ phrases: [" Counting:", " one more"], ending: "repeat" }],
};

/** Writes a script model into a new temporary directory and returns the file's path. */
export function writeScriptModel(spec: ScriptModelSpec, directory?: string) {
  const target = directory ?? mkdtempSync(join(tmpdir(), "llamacpp-fixture-"));
  const path = join(target, `${spec.name ?? "script-model"}.gguf`);
  writeFileSync(path, buildScriptModel(spec));
  return path;
}
