import assert from "node:assert/strict";
import type { RunLease } from "@langchain-mini/core";
import { journalInProcesses } from "./journal-processes.js";
import { leaseFor, observation, reopenedJournal, withJournal } from "./run-samples.js";
import type { SessionStoreContractOptions, StoreCheck } from "./store-check.js";

export function runLeaseChecks(options: SessionStoreContractOptions): StoreCheck[] {
  const checks: StoreCheck[] = [
    {
      name: "leases: takes, renews and releases a run's lease only from the lease expected",
      run: () =>
        withJournal(options, async (journal, location) => {
          const first = leaseFor("first");
          const other = leaseFor("other");
          // A lease may come before the run's first record.
          assert.equal(await journal.swapLease("r", undefined, first), true);
          assert.deepEqual(await journal.lease("r"), first);
          await journal.append("r", observation(1, "held"));

          // Wrong expectations change nothing: none, another lease, one field off.
          assert.equal(await journal.swapLease("r", undefined, other), false);
          assert.equal(await journal.swapLease("r", other, other), false);
          const later = { ...first, expiresAt: first.expiresAt + 1 };
          assert.equal(await journal.swapLease("r", later, other), false);
          assert.equal(
            await journal.swapLease("r", { ...first, pid: first.pid + 1 }, other),
            false,
          );
          assert.deepEqual(await journal.lease("r"), first);

          // Renewed: the same owner, a later expiry; another instance sees it.
          assert.equal(await journal.swapLease("r", first, later), true);
          await reopenedJournal(options, location, async (again) => {
            assert.deepEqual(await again.lease("r"), later);
            assert.equal(await again.swapLease("r", first, other), false);
          });

          // Leases are per run.
          assert.equal(await journal.lease("s"), undefined);
          assert.equal(await journal.swapLease("s", undefined, other), true);
          assert.deepEqual(await journal.lease("r"), later);

          // Released: nobody holds it, and only "none" is expected from then on.
          assert.equal(await journal.swapLease("r", later, undefined), true);
          assert.equal(await journal.lease("r"), undefined);
          assert.equal(await journal.swapLease("r", later, other), false);
          assert.equal(await journal.swapLease("r", undefined, other), true);
          assert.deepEqual(await journal.lease("r"), other);
          assert.deepEqual((await journal.load("r")).records, [observation(1, "held")]);
        }),
    },
    {
      name: "leases: lets exactly one of several concurrent swaps from the same lease win",
      run: () =>
        withJournal(options, async (journal, location) => {
          await reopenedJournal(options, location, async (again) => {
            let current: RunLease | undefined;
            for (let round = 1; round <= 5; round++) {
              const contenders = Array.from({ length: 6 }, (_, index) =>
                leaseFor(`round ${round} contender ${index}`),
              );
              // Half through each of two instances, as two processes would.
              const results = await Promise.all(
                contenders.map((lease, index) =>
                  (index % 2 ? again : journal).swapLease("contested", current, lease),
                ),
              );
              const winners = contenders.filter((_, index) => results[index]);
              assert.equal(winners.length, 1, `round ${round}: ${JSON.stringify(results)}`);
              current = winners[0];
              assert.deepEqual(await journal.lease("contested"), current);
              assert.deepEqual(await again.lease("contested"), current);
            }
          });
        }),
    },
  ];
  const { processModule } = options;
  if (processModule) {
    checks.push({
      name: "leases: never lets two swaps from the same lease both win, with processes swapping at once",
      run: () =>
        withJournal(options, async (journal, location) => {
          const labels = ["a", "b", "c", "d"];
          const wins = (
            await journalInProcesses(
              processModule,
              location,
              labels.map((label) => ({ runId: "taken", label, count: 0, size: 0, swaps: 25 })),
            )
          ).flat();
          // Each win replaced the lease before it: no lease was replaced twice.
          const after = new Map<string | null, string>();
          for (const [from, to] of wins) {
            assert.ok(
              !after.has(from),
              `two swaps from ${from} both won: ${after.get(from)}, ${to}`,
            );
            after.set(from, to);
          }
          assert.ok(after.has(null), "a swap from no lease won");
          const owner = (await journal.lease("taken"))?.owner;
          assert.ok(
            wins.some(([, to]) => to === owner),
            `the run's lease (${owner}) is one that won`,
          );
        }),
    });
  }
  return checks;
}
