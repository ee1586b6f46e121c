import { describe, expect, it } from "vitest";
import { connectionError } from "./connection-error.js";

const failure = (code: string) =>
  new Error("Connection error.", {
    cause: new TypeError("fetch failed", { cause: Object.assign(new Error(code), { code }) }),
  });

const own = { host: "api.example.com", baseURLName: undefined };
const set = { host: "http://gpu-box:8000/v1", baseURLName: "EXAMPLE_BASE_URL" };

describe("connection errors", () => {
  it("speak of the network when the user set no base URL", () => {
    expect(
      ["ENOTFOUND", "CERT_HAS_EXPIRED", "ECONNREFUSED", "ECONNRESET"].map(
        (code) => connectionError(failure(code), own).message,
      ),
    ).toEqual([
      "Cannot find the host api.example.com (ENOTFOUND): check your network connection and DNS",
      "Secure connection to api.example.com failed (CERT_HAS_EXPIRED): if a proxy inspects your traffic, trust its certificate with NODE_EXTRA_CA_CERTS",
      "Cannot connect to api.example.com (ECONNREFUSED): check your network connection",
      "Cannot connect to api.example.com (ECONNRESET): check your network connection",
    ]);
  });

  it("name the setting the user set", () => {
    expect(
      ["ENOTFOUND", "ERR_SSL_WRONG_VERSION_NUMBER", "ECONNREFUSED"].map(
        (code) => connectionError(failure(code), set).message,
      ),
    ).toEqual([
      "Cannot find the host of http://gpu-box:8000/v1 (ENOTFOUND): check the name in EXAMPLE_BASE_URL and your network",
      "Secure connection to http://gpu-box:8000/v1 failed (ERR_SSL_WRONG_VERSION_NUMBER): use http:// in EXAMPLE_BASE_URL for a server without TLS, or trust its certificate with NODE_EXTRA_CA_CERTS",
      "Cannot connect to http://gpu-box:8000/v1 (ECONNREFUSED): check that the server is running and EXAMPLE_BASE_URL is right",
    ]);
    const error = connectionError(new Error("no code"), set);
    expect({ code: error.code, message: error.message }).toEqual({
      code: "llm_connection",
      message:
        "Cannot connect to http://gpu-box:8000/v1: check that the server is running and EXAMPLE_BASE_URL is right",
    });
  });
});
