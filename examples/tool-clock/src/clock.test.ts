import { describe, expect, it } from "vitest";
import { createClock } from "./clock.js";

const context = { signal: new AbortController().signal };
const now = () => new Date("2026-11-23T04:38:38Z");

describe("clock", () => {
  it("tells the date and time in the zone asked for", async () => {
    const clock = createClock({ now });
    expect(await clock.execute("Asia/Tokyo", context)).toBe(
      "Monday 2026-11-23 13:38:38 GMT+09:00 (Asia/Tokyo)",
    );
    expect(await clock.execute(' "America/New_York" ', context)).toBe(
      "Sunday 2026-11-22 23:38:38 GMT-05:00 (America/New_York)",
    );
  });

  it("uses the user's zone for an empty input", async () => {
    const clock = createClock({ now, defaultTimeZone: "Europe/Paris" });
    expect(await clock.execute("", context)).toBe(
      "Monday 2026-11-23 05:38:38 GMT+01:00 (Europe/Paris)",
    );
  });

  it("answers an unknown zone with what to write instead", async () => {
    expect(await createClock({ now }).execute("Mars/Olympus", context)).toBe(
      "Unknown time zone 'Mars/Olympus': use an IANA name such as Europe/Paris, Asia/Tokyo or UTC",
    );
  });
});
