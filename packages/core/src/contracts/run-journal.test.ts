import { describe, expect, it } from "vitest";
import { checkRunId, isRunId, isRunLease, sameLease } from "./run-journal.js";

describe("run ids", () => {
  it("takes a UUID and other ids of letters, digits, '_' and '-'", () => {
    for (const id of ["0b5f7c1e-5d1a-4c1e-9f00-2a8d3c4e5f60", "run_1", "x".repeat(64)]) {
      expect(isRunId(id)).toBe(true);
      expect(checkRunId(id)).toBe(id);
    }
  });

  it("refuses anything else in one line that shows the id escaped and short", () => {
    for (const id of ["", "a.b", "../x", "-x", "a b", "x".repeat(65), "é"]) {
      expect(() => checkRunId(id)).toThrow(/is not a run id: use up to 64 letters, digits/);
    }
    expect(() => checkRunId("a\nb\u001b[31m")).toThrow(
      /^'a\\nb\\u001b\[31m' is not a run id: [^\n]*$/,
    );
    expect(() => checkRunId("y".repeat(1_000_000))).toThrow(/^'y{69}…' is not a run id/);
  });
});

describe("leases read back", () => {
  const lease = { owner: "o", host: "h", pid: 42, expiresAt: 1_800_000_000_000 };

  it("are leases only with every field of its type", () => {
    expect(isRunLease(lease)).toBe(true);
    for (const broken of [
      null,
      "lease",
      { ...lease, owner: 1 },
      { ...lease, host: undefined },
      { ...lease, pid: 1.5 },
      { ...lease, expiresAt: "soon" },
      { ...lease, expiresAt: Number.POSITIVE_INFINITY },
    ]) {
      expect(isRunLease(broken)).toBe(false);
    }
  });
});

describe("comparing leases", () => {
  const lease = { owner: "o", host: "h", pid: 42, expiresAt: 1_800_000_000_000 };

  it("finds the same lease the same, field by field, and none the same as none", () => {
    expect(sameLease(lease, { ...lease })).toBe(true);
    expect(sameLease(undefined, undefined)).toBe(true);
    expect(sameLease(lease, undefined)).toBe(false);
    expect(sameLease(undefined, lease)).toBe(false);
    expect(sameLease(lease, { ...lease, expiresAt: lease.expiresAt + 1 })).toBe(false);
    expect(sameLease(lease, { ...lease, owner: "p" })).toBe(false);
  });
});
