/** Seed 001 traced the search tool in purple and the calculator in blue; other tools get cyan. */
// A Map: tool names come from the model, and `constructor` must not find Object's.
const toolColours = new Map([
  ["search", "magenta"],
  ["calculator", "blue"],
]);

export function toolColour(tool: string | undefined) {
  return toolColours.get(tool?.trim().toLowerCase() ?? "") ?? "cyan";
}

/** One colour per kind of line, so a glance tells a thought from an answer or a failure. */
export const colours = {
  thought: "gray",
  answer: "green",
  question: "white",
  standalone: "yellow",
  warning: "yellow",
  error: "red",
  cancelled: "yellow",
  notice: "gray",
  focus: "cyan",
  border: "gray",
} as const;
