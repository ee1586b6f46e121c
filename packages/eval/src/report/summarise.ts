import type { CaseResult, ModelSummary } from "../run/case-result.js";

/**
 * The value below which `fraction` of the sorted values lie, by nearest rank: always one
 * of the values (a latency that happened), never an interpolation between two. 0 for none.
 */
export function nearestRank(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? 0;
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** One model's row of the table, from its results (other models' results are skipped). */
export function summarise(model: string, results: readonly CaseResult[]): ModelSummary {
  const own = results.filter((result) => result.model === model);
  const passed = own.filter((result) => result.pass).length;
  const costs = own.map((result) => result.cost);
  const judgeCosts = own.flatMap((result) =>
    result.judgeCost === undefined ? [] : [result.judgeCost],
  );
  const latencies = own.map((result) => result.durationMs).sort((a, b) => a - b);
  return {
    model,
    runs: own.length,
    passed,
    passRate: own.length === 0 ? 0 : passed / own.length,
    // A total that silently left out unpriced runs would look cheaper than it was.
    ...(costs.every((cost) => cost !== undefined) && own.length > 0
      ? { cost: sum(costs as number[]) }
      : {}),
    ...(judgeCosts.length > 0 ? { judgeCost: sum(judgeCosts) } : {}),
    tokens: {
      input: sum(own.map((result) => result.tokens.input)),
      output: sum(own.map((result) => result.tokens.output)),
    },
    latencyP50Ms: nearestRank(latencies, 0.5),
    latencyP95Ms: nearestRank(latencies, 0.95),
    meanSteps: own.length === 0 ? 0 : sum(own.map((result) => result.steps)) / own.length,
  };
}

/** Every model's row, in the order the models first appear in the results. */
export function summariseModels(results: readonly CaseResult[]): ModelSummary[] {
  const models = [...new Set(results.map((result) => result.model))];
  return models.map((model) => summarise(model, results));
}
