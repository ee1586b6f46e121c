import { PROTOTYPE_NAMES } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import { runCli } from "../test-support/cli.js";
import { type HostileCase, runHostileCase } from "../test-support/hostile-case.js";

// Names from the model or the user that a plain object would answer to. Each is an unknown
// tool, provider or option value like any other, or (a session) an ordinary name.

const FINAL = " I now know the final answer\nFinal Answer: done";

const reactActions: HostileCase[] = PROTOTYPE_NAMES.map((name) => ({
  name: `a ReAct step naming the tool '${name}'`,
  args: ({ script }) => [
    "ask",
    "--tools",
    "calculator",
    "--llm",
    `script:${script([` I will\nAction: ${name}\nAction Input: x`, FINAL])}`,
    "q",
  ],
  status: 0,
  stdout: "done\n",
  stderr: `Observation: ${name} is not a valid tool, try one of [calculator].`,
}));

const toolCalls: HostileCase[] = ["constructor", "__proto__", "toString", "hasOwnProperty"].map(
  (name) => ({
    name: `a native tool call named '${name}', with a __proto__ argument`,
    args: ({ script }) => [
      "ask",
      "--agent",
      "tools",
      "--tools",
      "calculator",
      "--llm",
      `script:${script([
        {
          toolCalls: [
            { name, arguments: JSON.parse('{"__proto__":{"polluted":true},"input":"1"}') },
          ],
        },
        { text: "done" },
      ])}`,
      "q",
    ],
    status: 0,
    stdout: "done\n",
    stderr: `${name} is not a valid tool`,
  }),
);

const toolFlags: HostileCase[] = PROTOTYPE_NAMES.map((name) => ({
  name: `--tools ${name}`,
  args: ({ script }) => ["ask", "--tools", name, "--llm", `script:${script([FINAL])}`, "q"],
  status: 2,
  stdout: "",
  stderr: /^langchain-mini: Unknown tool '.+' in --tools: /m,
}));

const providerFlags: HostileCase[] = ["constructor", "__proto__", "toString", "valueOf"].map(
  (name) => ({
    name: `--llm ${name}:model`,
    args: () => ["ask", "--tools", "calculator", "--llm", `${name}:model`, "q"],
    status: 2,
    stdout: "",
    stderr: /^langchain-mini: Unknown LLM provider '.+' in --llm: /m,
  }),
);

const otherFlags: HostileCase[] = [
  ["--agent", "constructor", /^langchain-mini: .*--agent/m],
  ["--agent", "__proto__", /^langchain-mini: .*--agent/m],
  ["--history", "constructor", /^langchain-mini: .*history/m],
  ["--history", "toString:3", /^langchain-mini: .*history/m],
  ["--session", "__proto__", /^langchain-mini: '__proto__' is not a session name/m],
].map(([flag, value, stderr]) => ({
  name: `${String(flag)} ${String(value)}`,
  args: ({ script }: { script: (replies: readonly unknown[]) => string }) => [
    "ask",
    "--session",
    "s",
    String(flag),
    String(value),
    "--tools",
    "calculator",
    "--llm",
    `script:${script([FINAL])}`,
    "q",
  ],
  status: 2,
  stdout: "",
  stderr: stderr as RegExp,
}));

const sessionNames: HostileCase[] = ["constructor", "toString", "hasOwnProperty"].map((name) => ({
  name: `a session named '${name}' is stored, listed and shown like any other`,
  args: ({ script }) => [
    "ask",
    "--session",
    name,
    "--tools",
    "calculator",
    "--llm",
    `script:${script([FINAL])}`,
    "q",
  ],
  status: 0,
  stdout: "done\n",
  check: async (_result, context) => {
    const shown = await runCli(["sessions", "show", name], {
      env: { LANGCHAIN_MINI_HOME: context.home },
    });
    expect([shown.status, shown.stdout]).toEqual([0, "Q: q\nA: done\n"]);
    const listed = await runCli(["sessions"], { env: { LANGCHAIN_MINI_HOME: context.home } });
    expect(listed.stdout).toMatch(new RegExp(`^${name}\t1 turn\t`));
  },
}));

const cases = [
  ...reactActions,
  ...toolCalls,
  ...toolFlags,
  ...providerFlags,
  ...otherFlags,
  ...sessionNames,
];

describe("hostile corpus: names that index plain objects", () => {
  for (const hostile of cases) it(hostile.name, () => runHostileCase(hostile), 60_000);
});
