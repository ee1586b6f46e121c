import { describe, expect, it } from "vitest";
import {
  connectionFailureCode,
  isHostLookupFailure,
  isPermanentConnectionFailure,
  isTlsFailure,
} from "./connection-failure.js";

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("connection failures", () => {
  it("finds the socket's code where fetch hides it, down the cause chain", () => {
    const socket = withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:9");
    const fetchFailed = new TypeError("fetch failed", { cause: socket });
    const sdk = new Error("Connection error.", { cause: fetchFailed });
    expect(connectionFailureCode(sdk)).toBe("ECONNREFUSED");
  });

  it("finds nothing in what is not an error code", () => {
    expect(connectionFailureCode(new Error("plain"))).toBe("");
    expect(connectionFailureCode(withCode("not a code"))).toBe("");
    expect(connectionFailureCode("ECONNREFUSED")).toBe("");
    const loop: Error & { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(connectionFailureCode(loop)).toBe("");
  });

  it("tells failures that will repeat from those that may pass", () => {
    for (const code of [
      "ECONNREFUSED",
      "ENOTFOUND",
      "ERR_SSL_WRONG_VERSION_NUMBER",
      "CERT_HAS_EXPIRED",
    ]) {
      expect(isPermanentConnectionFailure(code)).toBe(true);
    }
    for (const code of ["ECONNRESET", "EAI_AGAIN", "ETIMEDOUT", ""]) {
      expect(isPermanentConnectionFailure(code)).toBe(false);
    }
    expect(isTlsFailure("SELF_SIGNED_CERT_IN_CHAIN")).toBe(true);
    expect(isTlsFailure("ECONNRESET")).toBe(false);
    expect(
      ["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "ECONNREFUSED"].map(isHostLookupFailure),
    ).toEqual([true, true, true, false]);
  });
});
