import type { CreateToolOptions, Tool } from "@langchain-mini/core";

const DESCRIPTION =
  "Useful for getting the current date and time. The input is an IANA time zone such as Europe/Paris, America/New_York or Asia/Tokyo; leave it empty for the user's own time zone.";

/**
 * The plug-in entry point, found by name: `langchain-mini ask --tools langchain-mini-tool-clock`.
 * An empty input means the user's zone: TZ from their environment, else the machine's.
 */
export function createTool({ env }: CreateToolOptions): Tool {
  return createClock({ defaultTimeZone: env.TZ || undefined });
}

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
  readonly defaultTimeZone?: string | undefined;
  /** The time to report; tests and replays pin it. */
  readonly now?: () => Date;
}

export function createClock(options: ClockOptions = {}): Tool {
  const now = options.now ?? (() => new Date());
  return {
    name: "clock",
    description: DESCRIPTION,
    execute(input) {
      // Models often quote the Action Input.
      const timeZone = input.trim().replace(/^["'`]|["'`]$/g, "") || options.defaultTimeZone;
      let format: Intl.DateTimeFormat;
      try {
        format = new Intl.DateTimeFormat("en-US", { timeZone, ...FIELDS });
      } catch {
        // An observation, not a throw: the model reads it and tries again.
        return `Unknown time zone '${timeZone}': use an IANA name such as Europe/Paris, Asia/Tokyo or UTC`;
      }
      // Built from parts, unambiguous for any model: "Monday 2026-11-23 13:38:38 GMT+09:00 (Asia/Tokyo)".
      const pieces = format.formatToParts(now()).map((piece) => [piece.type, piece.value]);
      const part = Object.fromEntries(pieces);
      const { weekday, year, month, day, hour, minute, second, timeZoneName } = part;
      const zone = format.resolvedOptions().timeZone;
      return `${weekday} ${year}-${month}-${day} ${hour}:${minute}:${second} ${timeZoneName} (${zone})`;
    },
  };
}
