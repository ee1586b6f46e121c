import assert from "node:assert/strict";
import { Agent, isLangchainMiniError, type SessionStore } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { Conversation } from "../conversation.js";
import type { StoreCheck } from "./store-check.js";
import { turn } from "./with-store.js";

async function withBroken(
  openBroken: () => SessionStore | Promise<SessionStore>,
  work: (store: SessionStore) => Promise<void>,
) {
  const store = await openBroken();
  try {
    await work(store);
  } finally {
    await store.close?.();
  }
}

export function failureChecks(
  openBroken: () => SessionStore | Promise<SessionStore>,
): StoreCheck[] {
  return [
    {
      name: "fails every call with a one-line error of ours when its backend cannot be used",
      run: () =>
        withBroken(openBroken, async (store) => {
          const { runs } = store;
          const lease = { owner: "o", host: "h", pid: 1, expiresAt: Date.now() + 60_000 };
          const calls = {
            load: () => store.load("s"),
            append: () => store.append("s", turn("q")),
            clear: () => store.clear("s"),
            list: () => store.list(),
            ...(runs && {
              "runs.append": () =>
                runs.append("r", { type: "resume", by: "b", at: new Date().toISOString() }),
              "runs.load": () => runs.load("r"),
              "runs.list": () => runs.list(),
              "runs.delete": () => runs.delete("r"),
              "runs.lease": () => runs.lease("r"),
              "runs.swapLease": () => runs.swapLease("r", undefined, lease),
            }),
          };
          for (const [name, call] of Object.entries(calls)) {
            await assert.rejects(call, (error: unknown) => {
              assert.ok(isLangchainMiniError(error), `${name}: a LangchainMiniError`);
              assert.ok(error.message.trim().length > 0, `${name}: a message`);
              assert.ok(!error.message.includes("\n"), `${name}: one line: ${error.message}`);
              return true;
            });
          }
        }),
    },
    {
      name: "costs a conversation its history and its saving, with warnings, never the answer",
      run: () =>
        withBroken(openBroken, async (store) => {
          const llm = new ScriptedLlm([" I now know the final answer\nFinal Answer: 42"]);
          const conversation = new Conversation({
            agent: new Agent({ llm }),
            llm,
            store,
            session: "s",
          });
          const run = conversation.ask("The answer?");
          const warnings: string[] = [];
          for await (const event of run) if (event.type === "warning") warnings.push(event.message);
          const result = await run.result;
          assert.equal(result.status, "answered");
          assert.equal(result.answer, "42");
          // One warning when the store refused outright (saving would meet the same
          // refusal), else one for the history and one for the saving.
          const [history, saving] = warnings;
          assert.match(history ?? "", /\(answering without the conversation's history/);
          if (/this turn will not be saved\)$/.test(history ?? "")) {
            assert.equal(warnings.length, 1, warnings.join(" | "));
          } else {
            assert.equal(warnings.length, 2, warnings.join(" | "));
            assert.match(saving ?? "", /\(the answer was not saved\)$/);
          }
        }),
    },
  ];
}
