import { defineTool } from "@langchain-mini/core";
import { type ClockOptions, today } from "./clock.js";

export interface DaysBetweenInput {
  readonly from: string;
  readonly to?: string;
}

const DATE = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" };

/**
 * A typed tool: its input is a JSON Schema, which the agent checks the model's arguments
 * against before `execute` runs (a mistake goes back to the model as the observation).
 * Function-calling models get the schema as the function's parameters; the ReAct prompt
 * lists the fields.
 */
export function createDaysBetween(options: ClockOptions = {}) {
  const now = options.now ?? (() => new Date());
  return defineTool<DaysBetweenInput>({
    name: "days_between",
    description:
      "Counts the days from one date to another, e.g. until a deadline; negative when the second date is earlier.",
    inputSchema: {
      type: "object",
      properties: {
        from: { ...DATE, description: "the first date, YYYY-MM-DD" },
        to: { ...DATE, description: "the second date, YYYY-MM-DD; today when left out" },
      },
      required: ["from"],
      additionalProperties: false,
    },
    execute({ from, to = today(options.defaultTimeZone, now()) }) {
      const start = dayNumber(from);
      const end = dayNumber(to);
      // The schema checks the shape; only the calendar knows that 2026-02-30 is no date.
      const wrong = [from, to].find((date) => Number.isNaN(dayNumber(date)));
      if (wrong) return `${wrong} is not a date in the calendar: give a real day as YYYY-MM-DD`;
      return `${end - start} days from ${from} to ${to}`;
    },
  });
}

/** Days since 1970-01-01, or NaN for a date that does not exist. */
function dayNumber(date: string) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  const exists = back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
  return exists ? time / 86_400_000 : Number.NaN;
}
