/** The parts of a SerpApi Google result we read; everything is optional in practice. */
type Json = Record<string, unknown>;

export const NO_RESULT = "No good search result found";

// Each part on one line: results are separated by newlines, never split by them.
const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number"
    ? String(value).replace(/\s+/g, " ").trim()
    : "";
const object = (value: unknown): Json | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The most useful answer in a SerpApi reply, best first: the answer box (answer,
 * snippet, calculator result, weather, highlighted words), sports results, the knowledge
 * graph, then the top three organic results. Capped so one search cannot flood the prompt.
 */
export function extractAnswer(reply: Json, maxLength: number): string {
  const answer =
    fromAnswerBox(object(reply.answer_box)) ||
    fromSports(object(reply.sports_results)) ||
    fromKnowledgeGraph(object(reply.knowledge_graph)) ||
    fromOrganic(list(reply.organic_results));
  return answer ? cap(answer, maxLength) : NO_RESULT;
}

function fromAnswerBox(box: Json | undefined) {
  if (!box) return "";
  const weather =
    box.type === "weather_result" || box.temperature !== undefined ? fromWeather(box) : "";
  return (
    text(box.answer) ||
    text(box.snippet) ||
    text(box.result) ||
    weather ||
    list(box.snippet_highlighted_words).map(text).filter(Boolean).join(", ")
  );
}

function fromWeather(box: Json) {
  const temperature = text(box.temperature);
  if (!temperature) return "";
  const unit = text(box.unit);
  const symbol = /^c/i.test(unit) ? "°C" : /^f/i.test(unit) ? "°F" : unit ? ` ${unit}` : "";
  const details = [
    text(box.weather),
    text(box.precipitation) && `precipitation ${text(box.precipitation)}`,
    text(box.humidity) && `humidity ${text(box.humidity)}`,
    text(box.wind) && `wind ${text(box.wind)}`,
  ].filter(Boolean);
  const where = [text(box.location), text(box.date)].filter(Boolean).join(", ");
  return `${where ? `${where}: ` : ""}${temperature}${symbol}${details.length ? `, ${details.join(", ")}` : ""}`;
}

function fromSports(sports: Json | undefined) {
  if (!sports) return "";
  const game = object(sports.game_spotlight) ?? object(list(sports.games)[0]);
  const teams = list(game?.teams)
    .map(object)
    .map((team) => [text(team?.name), text(team?.score)].filter(Boolean).join(" "))
    .filter(Boolean);
  const context = [text(game?.league ?? game?.tournament), text(game?.status), text(game?.date)]
    .filter(Boolean)
    .join(", ");
  const score = teams.join(" - ");
  const title = text(sports.title);
  if (!score) return title;
  return `${title ? `${title}: ` : ""}${score}${context ? ` (${context})` : ""}`;
}

function fromKnowledgeGraph(graph: Json | undefined) {
  if (!graph) return "";
  const title = text(graph.title);
  const description = text(graph.description);
  if (!description) return "";
  return title ? `${title}: ${description}` : description;
}

function fromOrganic(results: unknown[]) {
  return results
    .slice(0, 3)
    .map(object)
    .map((result) => [text(result?.title), text(result?.snippet)].filter(Boolean).join(": "))
    .filter(Boolean)
    .join("\n");
}

function cap(value: string, maxLength: number) {
  if (value.length <= maxLength) return value;
  let end = maxLength - 1;
  // Never cut an emoji or other astral character in half.
  if (/[\uD800-\uDBFF]/.test(value.charAt(end - 1))) end -= 1;
  return `${value.slice(0, end).trimEnd()}…`;
}
