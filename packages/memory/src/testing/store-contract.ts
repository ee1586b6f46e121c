import assert from "node:assert/strict";
import { concurrencyChecks } from "./concurrency-checks.js";
import { conversationChecks } from "./conversation-checks.js";
import { failureChecks } from "./failure-checks.js";
import { orderChecks } from "./order-checks.js";
import { recordChecks } from "./record-checks.js";
import { runJournalChecks } from "./run-journal-checks.js";
import { runLeaseChecks } from "./run-lease-checks.js";
import type { SessionStoreContractOptions, StoreCheck } from "./store-check.js";
import { withStore } from "./with-store.js";

/**
 * The checks every session store passes: order, names, concurrency (in one process and
 * from several), large records, any text, deletion, the summary, reopening, a
 * conversation on top, and failures as one-line errors that cost no answer; with `runs`,
 * the run journal's too.
 *
 * ```ts
 * for (const check of sessionStoreContract(options)) it(check.name, check.run, 60_000);
 * ```
 */
export function sessionStoreContract(options: SessionStoreContractOptions): StoreCheck[] {
  return [
    ...orderChecks(options),
    ...recordChecks(options),
    ...concurrencyChecks(options),
    ...conversationChecks(options),
    ...(options.openBroken ? failureChecks(options.openBroken) : []),
    journalOption(options),
    ...(options.runs ? [...runJournalChecks(options), ...runLeaseChecks(options)] : []),
  ];
}

/** A store's journal is checked when it has one, and only then: never silently left out. */
function journalOption(options: SessionStoreContractOptions): StoreCheck {
  return {
    name: options.runs ? "has run journals (runs)" : "has no run journals (runs)",
    run: () =>
      withStore(options, async (store) => {
        assert.equal(
          store.runs !== undefined,
          options.runs === true,
          store.runs
            ? "The store has run journals: pass `runs: true` to check them too"
            : "The options say `runs: true`, but the store has no `runs`",
        );
      }),
  };
}
