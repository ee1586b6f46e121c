import { summariseModels } from "../report/summarise.js";
import type { CaseResult, EvalReport } from "../run/case-result.js";

/** What a hostile suite, model or tool could put in any text a report shows. */
export const HOSTILE =
  '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">]]>\u001b[2J\u001b]0;title\u0007\u0000\u202eevil\u200b&amp;';

/** One case run, every field filled; `fields` overrides. */
export function caseResult(
  fields: Partial<CaseResult> & Pick<CaseResult, "model" | "caseId">,
): CaseResult {
  const pass = fields.pass ?? true;
  return {
    status: "answered",
    answer: "404",
    steps: 2,
    trajectory: [
      {
        step: 1,
        thought: "I look it up.",
        tool: "search",
        input: "periods",
        observation: "404 periods",
      },
    ],
    cost: 0.001,
    tokens: { input: 100, output: 20 },
    durationMs: 1000,
    runId: `run-${fields.model}-${fields.caseId}-${fields.trial ?? 1}`,
    trial: 1,
    pass,
    scores: {
      includes: pass
        ? { pass: true, score: 1, reason: "the answer includes 404" }
        : { pass: false, score: 0, reason: 'expected "404" in the answer' },
    },
    ...fields,
  };
}

export const STRONG = "openai:gpt-4.1";
export const CHEAP = "openai:gpt-4.1-mini";

/**
 * Two models over four cases and three trials: the strong one passes 11 of 12 runs for
 * $0.05 each, the cheap one 6 of 12 for $0.002 each; one case's id, answer and reasons
 * are hostile, and the strong model's runs were graded by a judge.
 */
export function twoModelReport(): EvalReport {
  const cases = ["capital", "periods", HOSTILE, "constructor"];
  const results: CaseResult[] = [];
  for (const [model, passes] of [
    [STRONG, (index: number, trial: number) => !(index === 1 && trial === 3)],
    [CHEAP, (index: number) => index % 2 === 1],
  ] as const) {
    cases.forEach((caseId, index) => {
      for (let trial = 1; trial <= 3; trial++) {
        const pass = passes(index, trial);
        results.push(
          caseResult({
            model,
            caseId,
            trial,
            pass,
            cost: model === STRONG ? 0.05 : 0.002,
            judgeCost: model === STRONG ? 0.0004 : undefined,
            tokens: model === STRONG ? { input: 1000, output: 200 } : { input: 800, output: 150 },
            durationMs: 100 * (index * 3 + trial) * (model === STRONG ? 3 : 1),
            steps: model === STRONG ? 3 : 1 + index,
            answer: index === 2 ? HOSTILE : "404",
            ...(pass
              ? {}
              : {
                  scores: {
                    includes: { pass: false, score: 0, reason: `expected "404" in ${HOSTILE}` },
                    regex: { pass: true, score: 1, reason: "matched" },
                  },
                  trajectory: [
                    {
                      step: 1,
                      thought: HOSTILE,
                      tool: HOSTILE,
                      input: HOSTILE,
                      observation: HOSTILE.repeat(2000),
                    },
                  ],
                }),
          }),
        );
      }
    });
  }
  return {
    suite: "periods.jsonl",
    startedAt: "2026-05-01T10:00:00.000Z",
    durationMs: 42_000,
    models: summariseModels(results),
    results,
  };
}
