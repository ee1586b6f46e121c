import assert from "node:assert/strict";
import { turnsOf } from "@langchain-mini/core";
import { appendFromProcesses } from "./append-processes.js";
import type { SessionStoreContractOptions, StoreCheck } from "./store-check.js";
import { turn, withStore } from "./with-store.js";

export function concurrencyChecks(options: SessionStoreContractOptions): StoreCheck[] {
  const checks: StoreCheck[] = [
    {
      name: "keeps every record when many appends run at once",
      run: () =>
        withStore(options, async (store) => {
          const writes = Array.from({ length: 100 }, (_, index) =>
            store.append(index % 5 === 0 ? "side" : "busy", turn(`q${index}`, "x".repeat(500))),
          );
          await Promise.all(writes);
          const busy = await store.load("busy");
          assert.deepEqual(busy.warnings, []);
          const questions = turnsOf(busy.records).map((record) => record.question);
          assert.equal(questions.length, 80);
          assert.deepEqual(
            [...questions].sort(),
            Array.from({ length: 100 }, (_, index) => `q${index}`)
              .filter((_, index) => index % 5 !== 0)
              .sort(),
          );
          assert.equal(turnsOf((await store.load("side")).records).length, 20);
        }),
    },
  ];
  const { processModule } = options;
  if (processModule) {
    checks.push({
      name: "keeps every record, each process's in order, when several processes append to one session at once",
      run: () =>
        withStore(options, async (store, location) => {
          const labels = ["north", "south", "east", "west"];
          const count = 40;
          await appendFromProcesses({
            module: processModule,
            location,
            labels,
            count,
            size: 2_000,
          });
          const loaded = await store.load("shared");
          assert.deepEqual(loaded.warnings, []);
          const questions = turnsOf(loaded.records).map((record) => record.question);
          assert.equal(questions.length, labels.length * count);
          for (const label of labels) {
            assert.deepEqual(
              questions.filter((question) => question.startsWith(`${label} `)),
              Array.from({ length: count }, (_, index) => `${label} ${index}`),
            );
          }
          const [listed] = await store.list();
          assert.equal(listed?.turns, labels.length * count);
        }),
    });
  }
  return checks;
}
