import { describe, expect, it } from "vitest";
import { REDACTED } from "./secret-patterns.js";
import { environmentSecrets, Secrets } from "./secrets.js";

describe("the environment's secrets", () => {
  it("are the values of variables named like keys, tokens and passwords", () => {
    const { redact } = environmentSecrets({
      ACME_API_KEY: "acme-1234567",
      GITHUB_TOKEN: "ghp_abcdefgh",
      HOME: "/home/ada",
    });
    expect(redact("acme-1234567 ghp_abcdefgh /home/ada")).toBe(`${REDACTED} ${REDACTED} /home/ada`);
  });

  it("include the password of a URL in the environment, as written and decoded", () => {
    const { redact } = environmentSecrets({
      LANGCHAIN_MINI_STORE: "redis://app:p%40ssw0rd!@cache:6379/2",
      HOME: "/home/ada",
    });
    expect(redact("redis://app:p%40ssw0rd!@cache and p@ssw0rd! and /home/ada")).toBe(
      `redis://app:${REDACTED}@cache and ${REDACTED} and /home/ada`,
    );
  });

  it("leave URLs without passwords, and short ones, alone", () => {
    const { redact } = environmentSecrets({
      LANGCHAIN_MINI_STORE: "redis://cache:6379/2",
      OTHER_URL: "redis://:pw@cache",
    });
    expect(redact("redis://cache:6379/2 pw")).toBe("redis://cache:6379/2 pw");
  });

  it("include a loaded plug-in's settings marked secret, from the moment it is loaded", () => {
    const secrets = new Secrets({ VAULT_PHRASE: "correct horse battery" });
    const { matcher } = secrets;
    expect(matcher.redact("correct horse battery")).toBe("correct horse battery");
    secrets.declareVariables([{ name: "VAULT_PHRASE", description: "the phrase", secret: true }]);
    expect(matcher.redact("opened with correct horse battery")).toBe(`opened with ${REDACTED}`);
    const stream = matcher.stream();
    expect(stream.push("correct horse") + stream.push(" battery!") + stream.flush()).toBe(
      `${REDACTED}!`,
    );
  });

  it("include a credential a plug-in declared, from the moment it is declared, in this host only", () => {
    const secrets = new Secrets({ HOME: "/home/ada" });
    expect(secrets.redact("header value hv-7c1e9a")).toBe("header value hv-7c1e9a");
    secrets.add(" hv-7c1e9a ");
    expect(secrets.redact("header value hv-7c1e9a")).toBe(`header value ${REDACTED}`);
    // Another host's secrets are its own.
    expect(new Secrets({}).redact("[hv-7c1e9a]")).toBe("[hv-7c1e9a]");
  });
});
