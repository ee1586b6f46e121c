import assert from "node:assert/strict";
import { Agent, turnsOf } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { Conversation } from "../conversation.js";
import { summaryHistory } from "../history-strategy.js";
import type { StoreCheck } from "./store-check.js";
import { type Open, reopened, withStore } from "./with-store.js";

const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

export function conversationChecks(options: Open): StoreCheck[] {
  return [
    {
      name: "holds a conversation with a rolling summary across store instances",
      run: () =>
        withStore(options, async (store, location) => {
          const llm = new ScriptedLlm([
            answer("Yesterday's high in SF was 54°F"),
            " The user asked about SF; the high was 54°F.",
            " What is 54°F in Celsius?",
            answer("54°F is 12.2°C"),
            " The user asked about SF's high, 54°F, which is 12.2°C.",
          ]);
          const ask = async (conversation: Conversation, question: string) => {
            const run = conversation.ask(question);
            for await (const event of run) {
              assert.notEqual(event.type, "warning", JSON.stringify(event));
            }
            return run.result;
          };
          const session = "weather";
          const shared = { agent: new Agent({ llm }), llm, session, history: summaryHistory(llm) };
          const first = await ask(new Conversation({ ...shared, store }), "SF's high yesterday?");
          assert.equal(first.answer, "Yesterday's high in SF was 54°F");

          // The next request lands on another instance (another process, another machine).
          await reopened(options, location, async (again) => {
            const second = await ask(
              new Conversation({ ...shared, store: again }),
              "What is that in celsius?",
            );
            assert.equal(second.answer, "54°F is 12.2°C");
          });
          assert.match(
            llm.calls[2]?.prompt ?? "",
            /Summary of the conversation so far: The user asked about SF; the high was 54°F\./,
          );
          const { records } = await store.load(session);
          assert.deepEqual(
            turnsOf(records).map((turn) => [turn.question, turn.standaloneQuestion]),
            [
              ["SF's high yesterday?", undefined],
              ["What is that in celsius?", "What is 54°F in Celsius?"],
            ],
          );
          const newest = records.findLast((record) => record.type === "summary");
          assert.deepEqual(newest?.type === "summary" && [newest.summary, newest.coveredTurns], [
            "The user asked about SF's high, 54°F, which is 12.2°C.",
            2,
          ]);
        }),
    },
  ];
}
