import { collect, costOf, describeThrown, type Llm, readLlm } from "@langchain-mini/core";
import type { JudgeSpec } from "../suite/eval-case.js";
import { judgePrompt, readVerdict } from "./judge-verdict.js";
import { failed, oneLine, shown, withAnswer } from "./score-text.js";
import type { Score, ScoreContext, Scorer } from "./scorer.js";

/** Room for a sentence or two of reasons and the two closing lines, and then some. */
const JUDGE_MAX_TOKENS = 1024;

export const NO_JUDGE =
  "no judge model: pass --judge <provider:model> (e.g. --judge openai:gpt-4.1-mini) or set the suite's judge";

/**
 * `judge`: a model grades the answer against a rubric and ends with a verdict. What it
 * spends is the score's `cost` and `tokens`, counted apart from the run's. A reply
 * without a readable verdict fails the case with a reason; it never ends the eval.
 */
export const judgeScorer: Scorer = {
  name: "judge",
  check: specProblem,
  score: (expected, outcome, context) =>
    withAnswer(outcome, (answer) => grade(expected as JudgeSpec, answer, context)),
};

async function grade(spec: JudgeSpec, answer: string, context: ScoreContext): Promise<Score> {
  const rubric = typeof spec === "string" ? spec : spec.rubric;
  const named = typeof spec === "string" ? undefined : spec.llm;
  if (named !== undefined && !context.openJudge) {
    return failed(`this case's judge names the model ${shown(named)}, which this eval cannot open`);
  }
  const llm = named === undefined ? context.judge : await context.openJudge?.(named);
  if (!llm) return failed(NO_JUDGE);
  const prompt = judgePrompt({
    rubric,
    answer,
    ...(context.question === undefined ? {} : { question: context.question }),
  });
  let reply: Awaited<ReturnType<typeof collect>>;
  try {
    reply = await collect(
      readLlm(llm, {
        ...(llm.capabilities?.messages
          ? { messages: [{ role: "user", content: prompt }] }
          : { prompt }),
        temperature: 0,
        maxTokens: JUDGE_MAX_TOKENS,
        signal: context.signal,
      }),
    );
  } catch (error) {
    // Stopping the eval is not the judge's failure: it ends the eval as it ends a run.
    if (context.signal.aborted) throw error;
    return failed(`the judge ${label(llm)} failed: ${oneLine(describeThrown(error))}`);
  }
  const spent = spending(llm, reply.usage);
  const verdict = readVerdict(reply.text);
  if (!verdict.ok) {
    return {
      ...failed(
        `the judge ${label(llm)} gave no verdict: ${verdict.problem}: ${shown(reply.text)}`,
      ),
      ...spent,
    };
  }
  const why = verdict.why === "" ? "" : `: ${shown(verdict.why)}`;
  const reason = `the judge ${label(llm)} said ${verdict.pass ? "PASS" : "FAIL"} (score ${verdict.score})${why}`;
  return { pass: verdict.pass, score: verdict.score, reason, ...spent };
}

function spending(llm: Llm, usage: Awaited<ReturnType<typeof collect>>["usage"]) {
  if (!usage) return {};
  return {
    tokens: { input: usage.inputTokens, output: usage.outputTokens },
    ...(llm.price ? { cost: costOf(usage, llm.price) } : {}),
  };
}

function label(llm: Llm) {
  return oneLine(`${llm.provider}:${llm.model}`);
}

const SPEC_FIELDS = new Set(["rubric", "llm"]);
const SHAPE = 'must be a rubric, or { "rubric": "…", "llm": "<provider:model>" }';

function specProblem(spec: unknown): string | undefined {
  if (typeof spec === "string")
    return spec.trim() === "" ? "must be a rubric, not empty" : undefined;
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) return SHAPE;
  const unknown = Object.keys(spec).find((key) => !SPEC_FIELDS.has(key));
  if (unknown !== undefined) return `has ${shown(unknown)}, which is not rubric or llm`;
  const { rubric, llm } = spec as { rubric?: unknown; llm?: unknown };
  if (typeof rubric !== "string" || rubric.trim() === "") return SHAPE;
  if (llm !== undefined && (typeof llm !== "string" || llm.trim() === "")) return SHAPE;
  return undefined;
}
