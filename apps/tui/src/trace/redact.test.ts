import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED } from "./redact.js";

describe("createRedactor", () => {
  it("blanks the password of a URL in the environment, as written and decoded", () => {
    const redact = createRedactor({
      LANGCHAIN_MINI_STORE: "redis://app:p%40ssw0rd!@cache:6379/2",
      HOME: "/home/ada",
    });
    expect(redact("redis://app:p%40ssw0rd!@cache and p@ssw0rd! and /home/ada")).toBe(
      `redis://app:${REDACTED}@cache and ${REDACTED} and /home/ada`,
    );
  });

  it("leaves URLs without passwords, and short ones, alone", () => {
    const redact = createRedactor({
      LANGCHAIN_MINI_STORE: "redis://cache:6379/2",
      OTHER_URL: "redis://:pw@cache",
    });
    expect(redact("redis://cache:6379/2 pw")).toBe("redis://cache:6379/2 pw");
  });
});
