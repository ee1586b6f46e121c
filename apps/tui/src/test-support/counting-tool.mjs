// A tool plug-in for tests that kill the CLI mid-run: it keeps a ledger of its calls, so a
// test can tell whether an input ran twice. Its environment:
//   COUNT_FILE: where `start <tool> <input>` and `end <tool> <input>` lines are appended;
//   HOLD_TOOL_AT: the input on which `count` starts, then waits until the process is killed;
//   TOOL_SUFFIX: text added to every result (hostile text, e.g. a forged journal line).
// `count` has side effects (it is not run again unasked after a crash); `publish` needs a
// person's approval before every call.
import { appendFileSync } from "node:fs";

export const description = "counts its inputs in a ledger file (tests)";

/** Keeps the process busy forever: only a signal ends it. */
function never() {
  return new Promise(() => setInterval(() => undefined, 1 << 30));
}

export function createTools({ env }) {
  const ledger = (line) => appendFileSync(env.COUNT_FILE, `${line}\n`);
  const tool = (name, verb, flags) => ({
    name,
    description: `${verb[0].toUpperCase()}${verb.slice(1)} the item it is given, e.g. item-1.`,
    ...flags,
    async execute(input) {
      ledger(`start ${name} ${input}`);
      if (name === "count" && env.HOLD_TOOL_AT === input) await never();
      ledger(`end ${name} ${input}`);
      return `${verb} ${input}${env.TOOL_SUFFIX ?? ""}`;
    },
  });
  return [
    tool("count", "counted", { sideEffects: true }),
    tool("publish", "published", { needsApproval: true }),
  ];
}
