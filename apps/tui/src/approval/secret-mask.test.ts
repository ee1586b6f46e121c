import { Secrets } from "@langchain-mini/host";
import { describe, expect, it } from "vitest";
import { formatToolInput } from "./format-input.js";

const ENV = {
  OPENAI_API_KEY: "corpus-openai-secret-4f1d9a7c2b",
  ACME_SERVICE_TOKEN: 'token-with-"quote"-77',
  LANGCHAIN_MINI_STORE: "redis://:store-password-9@cache:6379",
  OPENAI_MODEL: "gpt-4.1-mini",
};

/** What a person sees of a call's input before approving it. */
const shown = (input: string) => formatToolInput(new Secrets(ENV).mask()(input));

describe("what an approval prompt shows", () => {
  it("shows key-shaped text and the path beside it, every character", () => {
    const path = "/home/me/sk-proj-abcdefghijklmnopqrstuvwx/notes.txt";
    const input = JSON.stringify({ path, content: "Authorization: Bearer abcdefghijklmnop" });
    expect(shown(input)).toBe(
      `{\n  "path": "${path}",\n  "content": "Authorization: Bearer abcdefghijklmnop"\n}`,
    );
  });

  it("labels only the exact values of the user's own secrets, visibly", () => {
    const input = JSON.stringify({
      url: `https://api.example/?key=${ENV.OPENAI_API_KEY}`,
      header: ENV.ACME_SERVICE_TOKEN,
      note: "store-password-9 and gpt-4.1-mini",
    });
    expect(JSON.parse(shown(input))).toEqual({
      url: "https://api.example/?key=[secret OPENAI_API_KEY]",
      header: "[secret ACME_SERVICE_TOKEN]",
      note: "[secret LANGCHAIN_MINI_STORE] and gpt-4.1-mini",
    });
  });

  it("writes what a terminal would act on or hide as visible escapes, never drops it", () => {
    const path = "/tmp/report\u202Etxt.exe\u200B";
    expect(shown(JSON.stringify({ path }))).toBe(
      '{\n  "path": "/tmp/report\\u202etxt.exe\\u200b"\n}',
    );
    expect(shown("rm -rf /\u001b[2K\rls")).toBe("rm -rf /\\u001b[2K\\u000dls");
    expect(shown("tag\u{E0041}")).toBe("tag\\u{e0041}");
  });
});
