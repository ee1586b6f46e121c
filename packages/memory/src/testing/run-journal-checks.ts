import assert from "node:assert/strict";
import { isLangchainMiniError, type RunRecord } from "@langchain-mini/core";
import { journalInProcesses } from "./journal-processes.js";
import { awkward } from "./record-checks.js";
import {
  everyKindOfRecord,
  leaseFor,
  observation,
  reopenedJournal,
  withJournal,
} from "./run-samples.js";
import type { SessionStoreContractOptions, StoreCheck } from "./store-check.js";
import { nextMoment } from "./with-store.js";

export function runJournalChecks(options: SessionStoreContractOptions): StoreCheck[] {
  const checks: StoreCheck[] = [
    {
      name: "journals: an unknown run has no records and no lease, and no run is listed",
      run: () =>
        withJournal(options, async (journal) => {
          assert.deepEqual(await journal.list(), []);
          assert.deepEqual(await journal.load("never-run"), { records: [], warnings: [] });
          assert.equal(await journal.lease("never-run"), undefined);
          await journal.delete("never-run");
        }),
    },
    {
      name: "journals: keeps a run's records whole and in order, every kind, any text, a 1 MB observation, durable or not",
      run: () =>
        withJournal(options, async (journal, location) => {
          // About 1 MB of UTF-8, mixed widths so that bytes and characters differ.
          const large = "observed-é-東-👍\n".repeat(60_000);
          const records: RunRecord[] = [
            ...everyKindOfRecord("r1"),
            ...awkward.map((text, index) => observation(10 + index, text)),
            observation(20, large),
            observation(21, "after the large one"),
          ];
          // Every other one need not be durable at once (a start, an end): read back the same.
          for (const [index, record] of records.entries()) {
            await journal.append("r1", record, index % 2 ? { durable: false } : {});
          }
          const loaded = await journal.load("r1");
          assert.deepEqual(loaded.warnings, []);
          assert.equal(loaded.records.length, records.length);
          const loadedLarge = loaded.records.at(-2);
          assert.ok(
            loadedLarge?.type === "tool-end" && loadedLarge.observation === large,
            "the large observation comes back unchanged",
          );
          assert.deepEqual(loaded.records, records);
          await reopenedJournal(options, location, async (again) => {
            assert.deepEqual(await again.load("r1"), loaded);
          });
        }),
    },
    {
      name: "journals: keeps runs apart, lists them newest first, and deletes one with its lease",
      run: () =>
        withJournal(options, async (journal) => {
          const before = Date.now();
          await journal.append("alpha", observation(1, "a1"));
          await nextMoment();
          await journal.append("beta", observation(1, "b1"));
          await nextMoment();
          await journal.append("gamma", observation(1, "g1"));
          await nextMoment();
          await journal.append("alpha", observation(2, "a2"));
          const listed = await journal.list();
          assert.deepEqual(
            listed.map((run) => run.runId),
            ["alpha", "gamma", "beta"],
          );
          for (const { updatedAt } of listed) {
            assert.ok(updatedAt instanceof Date, "updatedAt is a Date");
            // Within a minute of the writes, whatever clock the store keeps.
            assert.ok(Math.abs(updatedAt.getTime() - before) < 60_000, `updatedAt ${updatedAt}`);
          }
          const observations = async (runId: string) =>
            (await journal.load(runId)).records.map((record) =>
              record.type === "tool-end" ? record.observation : record.type,
            );
          assert.deepEqual(await observations("alpha"), ["a1", "a2"]);
          assert.deepEqual(await observations("beta"), ["b1"]);

          assert.equal(await journal.swapLease("beta", undefined, leaseFor("b")), true);
          await journal.delete("beta");
          assert.deepEqual(await journal.load("beta"), { records: [], warnings: [] });
          assert.equal(await journal.lease("beta"), undefined);
          assert.deepEqual(
            (await journal.list()).map((run) => run.runId),
            ["alpha", "gamma"],
          );
          assert.deepEqual(await observations("gamma"), ["g1"]);
          // A deleted run starts afresh, lease and all.
          await journal.append("beta", observation(1, "b again"));
          assert.deepEqual(await observations("beta"), ["b again"]);
          assert.equal(await journal.swapLease("beta", undefined, leaseFor("b2")), true);
        }),
    },
    {
      name: "journals: takes run ids that are also JavaScript property names",
      run: () =>
        withJournal(options, async (journal) => {
          const ids = ["constructor", "toString", "hasOwnProperty", "valueOf", "prototype"];
          for (const id of ids) {
            assert.deepEqual((await journal.load(id)).records, [], `${id} starts empty`);
            assert.equal(await journal.lease(id), undefined, `${id} has no lease`);
          }
          for (const id of ids) await journal.append(id, observation(1, id));
          for (const id of ids) {
            assert.deepEqual((await journal.load(id)).records, [observation(1, id)]);
          }
          assert.deepEqual((await journal.list()).map((run) => run.runId).sort(), [...ids].sort());
        }),
    },
    {
      name: "journals: keeps every record whole when appends to a run overlap",
      run: () =>
        withJournal(options, async (journal) => {
          const records = Array.from({ length: 60 }, (_, index) =>
            observation(index + 1, `${index}:${"y".repeat(2_000)}`),
          );
          await Promise.all(
            records.map((record, index) => journal.append(index % 4 ? "busy" : "side", record)),
          );
          const busy = await journal.load("busy");
          assert.deepEqual(busy.warnings, []);
          const byStep = (a: RunRecord, b: RunRecord) =>
            ("step" in a ? a.step : 0) - ("step" in b ? b.step : 0);
          assert.deepEqual(
            [...busy.records].sort(byStep),
            records.filter((_, index) => index % 4),
          );
          assert.equal((await journal.load("side")).records.length, 15);
        }),
    },
    {
      name: "journals: refuses ids that are not run ids, in every call, in one line, writing nothing",
      run: () =>
        withJournal(options, async (journal) => {
          const bad = ["../x", "a/b", "a\\b", "", "a b", "a.b", ".x", "-x", "__proto__", "*"];
          bad.push("x".repeat(65), "a\nb", "a\u001b[2Jb", "run.jsonl", "é");
          const lease = leaseFor("o");
          for (const id of bad) {
            const calls = {
              append: () => journal.append(id, observation(1, "q")),
              load: () => journal.load(id),
              delete: () => journal.delete(id),
              lease: () => journal.lease(id),
              swapLease: () => journal.swapLease(id, undefined, lease),
            };
            for (const [name, call] of Object.entries(calls)) {
              await assert.rejects(call, (error: unknown) => {
                const what = `${name}(${JSON.stringify(id)})`;
                assert.ok(isLangchainMiniError(error), `${what}: our error`);
                assert.equal(error.code, "config_invalid", what);
                assert.match(error.message, /is not a run id/, what);
                assert.ok(!/[\n\r\u001b]/.test(error.message), `${what}: one line`);
                return true;
              });
            }
          }
          assert.deepEqual(await journal.list(), []);
        }),
    },
  ];
  const { processModule } = options;
  if (processModule) {
    checks.push({
      name: "journals: keeps each process's records whole and in order when processes append to their runs at once",
      run: () =>
        withJournal(options, async (journal, location) => {
          const runs = ["north", "south", "east", "west"];
          const count = 30;
          await journalInProcesses(
            processModule,
            location,
            runs.map((runId) => ({ runId, label: runId, count, size: 3_000, swaps: 0 })),
          );
          for (const runId of runs) {
            const loaded = await journal.load(runId);
            assert.deepEqual(loaded.warnings, [], runId);
            assert.deepEqual(
              loaded.records,
              Array.from({ length: count }, (_, index) => ({
                type: "tool-end",
                step: index + 1,
                tool: "t",
                input: runId,
                observation: "x".repeat(3_000),
              })),
              runId,
            );
          }
          assert.deepEqual((await journal.list()).map((run) => run.runId).sort(), [...runs].sort());
        }),
    });
  }
  return checks;
}
