import type { CreateToolOptions, EnvVariable, Tool } from "@langchain-mini/core";
import { createClock, isTimeZone } from "./clock.js";
import { createDaysBetween } from "./days-between.js";

// The plug-in contract of @langchain-mini/core: what a host reads before calling createTools.

export const description = "the date and time in any time zone, and the days between two dates";

export const environment: readonly EnvVariable[] = [
  { name: "TZ", description: "the user's time zone, for questions that name none" },
];

/**
 * The factory a host calls, found by the package's name:
 * `langchain-mini ask --tools calculator,langchain-mini-tool-clock`. One module may make
 * several tools.
 */
export function createTools({ env, onNotice }: CreateToolOptions): Tool<unknown>[] {
  let timeZone = env.TZ || undefined;
  if (timeZone && !isTimeZone(timeZone)) {
    // Not worth failing a run for: say so once, and fall back to the machine's zone.
    const message = `TZ=${timeZone} is not an IANA time zone such as Europe/Paris: the clock uses the machine's zone`;
    onNotice?.({ level: "warning", source: "langchain-mini-tool-clock", message });
    timeZone = undefined;
  }
  return [
    createClock({ defaultTimeZone: timeZone }),
    createDaysBetween({ defaultTimeZone: timeZone }),
  ];
}

export { type ClockOptions, createClock } from "./clock.js";
export { createDaysBetween, type DaysBetweenInput } from "./days-between.js";
