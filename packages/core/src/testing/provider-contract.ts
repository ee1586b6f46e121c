import type { ProviderCheck, ProviderContractOptions } from "./provider-contract-options.js";
import { failureChecks } from "./provider-failure-checks.js";
import { streamChecks } from "./provider-stream-checks.js";
import { toolChecks } from "./provider-tool-checks.js";

/**
 * The checks every LLM provider passes, ours and yours: text streamed in pieces, then one
 * finish with the reason and the usage; stop sequences honoured (and cut client-side for
 * a server that ignores them); an abort that ends the stream at once and a run that
 * reports it; with `http`, failures as one-line errors with the right codes (a refused
 * key, rate limits and server errors retried as many times as the provider says, a
 * refused connection, a stream that is not the API's or breaks off, timeouts); with the
 * `tools` capability, a tool call streamed in pieces, its result sent back, then the
 * answer. They use node:assert, so any test runner runs them:
 *
 * ```ts
 * for (const check of providerContract(options)) it(check.name, check.run, 60_000);
 * ```
 */
export function providerContract(options: ProviderContractOptions): ProviderCheck[] {
  return [
    ...streamChecks(options),
    ...(options.http ? failureChecks(options, options.http) : []),
    ...(options.capabilities.tools ? toolChecks(options) : []),
  ];
}
