import { describe, expect, it } from "vitest";
import { createSecretMatcher } from "./secrets.js";

const KEY = "secret-value-0123456789";
const matcher = createSecretMatcher([KEY, "short", "abcdef-long-prefix-of-nothing"]);

/** Feeds the pieces through one stream and joins what comes out, the flush included. */
function streamed(pieces: readonly string[], secrets = matcher) {
  const stream = secrets.stream();
  return pieces.map((piece) => stream.push(piece)).join("") + stream.flush();
}

/** Every way of cutting the text in two, and in single characters. */
function cuts(text: string): string[][] {
  const ways: string[][] = [[...text]];
  for (let at = 0; at <= text.length; at++) ways.push([text.slice(0, at), text.slice(at)]);
  return ways;
}

describe("redacting a whole text", () => {
  it("blanks listed values, OpenAI-style keys and bearer tokens", () => {
    const text = `a ${KEY} b sk-proj-ABCDEFGHIJKLMNOPQRSTUV c Authorization: Bearer abc.def-ghi== d`;
    expect(matcher.redact(text)).toBe("a [REDACTED] b [REDACTED] c Authorization: [REDACTED] d");
  });

  it("leaves short values, short sk- words and words that merely end in sk- alone", () => {
    expect(matcher.redact("short task-0123456789abcdefghij sk-short")).toBe(
      "short task-0123456789abcdefghij sk-short",
    );
  });

  it("blanks a value JSON-escaped inside a tool's JSON reply", () => {
    const quoted = createSecretMatcher(['pa"ss\\word-123']);
    expect(quoted.redact('{"token":"pa\\"ss\\\\word-123"}')).toBe('{"token":"[REDACTED]"}');
  });
});

describe("a streaming redactor", () => {
  it("blanks a listed key split across two pieces, wherever the cut falls", () => {
    const text = `The key is ${KEY}, keep it safe.`;
    for (const pieces of cuts(text)) {
      expect(streamed(pieces)).toBe("The key is [REDACTED], keep it safe.");
    }
  });

  it("blanks an sk- key and a bearer token split across pieces, wherever the cut falls", () => {
    const text = "use sk-ABCDEFGHIJKLMNOPQRSTUVWX; or Bearer tok_123456789== then";
    for (const pieces of cuts(text)) {
      expect(streamed(pieces)).toBe("use [REDACTED]; or [REDACTED] then");
    }
  });

  it("never emits the beginning of a key before it knows whether the key follows", () => {
    const stream = matcher.stream();
    expect(stream.push("The key is secret-val")).toBe("The key is ");
    expect(stream.push("ue-0123456789 and")).toBe("[REDACTED] and");
    expect(stream.push(" sk-ABC")).toBe(" ");
    expect(stream.push("DEFGHIJKLMNOPQRS")).toBe("[REDACTED]");
    // The key goes on in the next piece: its continuation is swallowed, not shown.
    expect(stream.push("TUVWXYZ done")).toBe(" done");
    expect(stream.flush()).toBe("");
  });

  it("gives back a held tail that turned out not to be a key when the stream ends", () => {
    const stream = matcher.stream();
    expect(stream.push("ask secret-v")).toBe("ask ");
    expect(stream.flush()).toBe("secret-v");
    expect(stream.push("Bearer")).toBe("");
    expect(stream.push(" no")).toBe("");
    expect(stream.flush()).toBe("Bearer no");
  });

  it("waits to see whether a listed value goes on into a longer one", () => {
    const nested = createSecretMatcher(["abcdef", "abcdefgh"]);
    expect(streamed(["key abcdef", "gh!"], nested)).toBe("key [REDACTED]!");
    expect(streamed(["key abcdef", "!"], nested)).toBe("key [REDACTED]!");
  });

  it("emits text that cannot begin a secret at once", () => {
    const stream = matcher.stream();
    expect(stream.push("Thought: I should add 2 + 2\nAction:")).toBe(
      "Thought: I should add 2 + 2\nAction:",
    );
  });

  it("holds back at most a bounded tail, whatever the pieces", () => {
    const stream = matcher.stream();
    let emitted = 0;
    let received = 0;
    for (let index = 0; index < 2000; index++) {
      const piece = index % 7 === 0 ? " s" : "ecret-v ";
      received += piece.length;
      emitted += stream.push(piece).length;
      expect(received - emitted).toBeLessThanOrEqual(40);
    }
  });

  it("gives, joined, exactly what redacting the whole text gives, for random texts and cuts", () => {
    const secrets = createSecretMatcher(["abcdef", "abcdefgh", "xyz-123456", "k3y=="]);
    const alphabet = ["a", "b", "c", "d", "e", "f", "g", "h", " ", "-", "=", "s", "k", "sk-", "x"];
    alphabet.push(
      "Bearer ",
      "bearer\t",
      "abcdef",
      "xyz-12",
      "3456",
      "k3y",
      "ABCDEFGHIJKLMNOP",
      "gh",
    );
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let trial = 0; trial < 3000; trial++) {
      let text = "";
      const length = 1 + random(30);
      for (let index = 0; index < length; index++) text += alphabet[random(alphabet.length)];
      const pieces: string[] = [];
      for (let at = 0; at < text.length; ) {
        const size = random(6);
        pieces.push(text.slice(at, at + size));
        at += size;
      }
      expect(streamed(pieces, secrets), JSON.stringify(pieces)).toBe(secrets.redact(text));
    }
  });
});
