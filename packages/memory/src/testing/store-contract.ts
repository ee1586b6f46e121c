import { concurrencyChecks } from "./concurrency-checks.js";
import { conversationChecks } from "./conversation-checks.js";
import { failureChecks } from "./failure-checks.js";
import { orderChecks } from "./order-checks.js";
import { recordChecks } from "./record-checks.js";
import type { SessionStoreContractOptions, StoreCheck } from "./store-check.js";

/**
 * The checks every session store passes: order, names, concurrency (in one process and
 * from several), large records, any text, deletion, the summary, reopening, a
 * conversation on top, and failures as one-line errors that cost no answer.
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
  ];
}
