import { type RunSummary, terminalText } from "@langchain-mini/host";

/** At most this many runs are offered on start; `/runs` lists them all. */
const OFFERED = 3;

/** One unfinished run as a line: its question, why it stopped, when, and its id. */
function runLine(run: RunSummary) {
  const question = run.question.replace(/\s+/g, " ").trim();
  const short = question.length > 60 ? `${question.slice(0, 59)}…` : question;
  const why = run.waitingOn ? `paused: ${run.waitingOn.tool} waits for approval` : run.status;
  return terminalText(
    `  /runs ${shortId(run.runId)}  “${short}” (${why}, ${run.updatedAt.toISOString()})`,
  );
}

/** The first 8 characters of a run id: what `/runs` needs to find it among a few. */
export function shortId(runId: string) {
  return runId.slice(0, 8);
}

/** The run `typed` names: its id, or the start of one that no other run shares. */
export function findRunByPrefix(runs: readonly RunSummary[], typed: string) {
  const exact = runs.find((run) => run.runId === typed);
  if (exact) return exact;
  const matching = runs.filter((run) => run.runId.startsWith(typed));
  return matching.length === 1 ? matching[0] : undefined;
}

/** `/runs`: the runs that stopped before their answer, each with the command that takes it up. */
export function runsText(runs: readonly RunSummary[]) {
  if (runs.length === 0) return "No runs stopped before their answer";
  return ["Runs that stopped before their answer:", ...runs.map(runLine)].join("\n");
}

/** On start: the newest unfinished runs, offered; undefined when there are none. */
export function runsOffer(runs: readonly RunSummary[]) {
  if (runs.length === 0) return undefined;
  const more =
    runs.length > OFFERED ? [`  and ${runs.length - OFFERED} more: /runs lists them`] : [];
  const lead =
    runs.length === 1
      ? "A run stopped before its answer; take it up where it stopped:"
      : "Runs stopped before their answer; take one up where it stopped:";
  return [lead, ...runs.slice(0, OFFERED).map(runLine), ...more].join("\n");
}
