import type { Tool } from "@langchain-mini/core";

const DESCRIPTION =
  "Useful for getting the current date and time. The input is an IANA time zone such as Europe/Paris, America/New_York or Asia/Tokyo; leave it empty for the user's own time zone.";

const FIELDS: Intl.DateTimeFormatOptions = {
  weekday: "long",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZoneName: "longOffset",
};

export interface ClockOptions {
  /** For an empty input; undefined: the machine's zone. */
  readonly defaultTimeZone?: string | undefined;
  /** The time to report; tests and replays pin it. */
  readonly now?: () => Date;
}

/** A text tool: the model writes a time zone after `Action Input:` and reads the time back. */
export function createClock(options: ClockOptions = {}): Tool {
  const now = options.now ?? (() => new Date());
  return {
    name: "clock",
    description: DESCRIPTION,
    execute(input) {
      // Models often quote the Action Input.
      const timeZone = input.trim().replace(/^["'`]|["'`]$/g, "") || options.defaultTimeZone;
      if (timeZone !== undefined && !isTimeZone(timeZone)) {
        // An observation, not a throw: the model reads it and tries again.
        return `Unknown time zone '${timeZone}': use an IANA name such as Europe/Paris, Asia/Tokyo or UTC`;
      }
      const format = new Intl.DateTimeFormat("en-US", { timeZone, ...FIELDS });
      // Built from parts, unambiguous for any model: "Monday 2026-11-23 13:38:38 GMT+09:00 (Asia/Tokyo)".
      const part = Object.fromEntries(
        format.formatToParts(now()).map((piece) => [piece.type, piece.value]),
      );
      const { weekday, year, month, day, hour, minute, second, timeZoneName } = part;
      const zone = format.resolvedOptions().timeZone;
      return `${weekday} ${year}-${month}-${day} ${hour}:${minute}:${second} ${timeZoneName} (${zone})`;
    },
  };
}

export function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Today's date in `timeZone` (the machine's when undefined), as YYYY-MM-DD. */
export function today(timeZone: string | undefined, now: Date) {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return format.format(now);
}
