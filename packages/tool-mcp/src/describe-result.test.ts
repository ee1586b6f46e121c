import { describe, expect, it } from "vitest";
import { describeResult, MAX_OBSERVATION } from "./describe-result.js";

describe("describeResult", () => {
  it("gives text as it is, and names every other kind of content", () => {
    const text = describeResult({
      content: [
        { type: "text", text: "Two files:" },
        { type: "image", mimeType: "image/png", data: "A".repeat(2000) },
        { type: "audio", mimeType: "audio/wav", data: "AAAA" },
        {
          type: "resource_link",
          uri: "file:///a.txt",
          name: "a.txt",
          mimeType: "text/plain",
          description: "the first",
        },
        {
          type: "resource",
          resource: { uri: "file:///b.txt", mimeType: "text/plain", text: "B!" },
        },
        { type: "resource", resource: { uri: "file:///c.bin", blob: "AAAAAAAA" } },
        { type: "hologram" },
      ],
    });
    expect(text).toBe(
      [
        "Two files:",
        "[image: image/png, 1.5 kB]",
        "[audio: audio/wav, 3 bytes]",
        "[link to a.txt <file:///a.txt> (text/plain): the first]",
        "[resource file:///b.txt (text/plain)]\nB!",
        "[resource file:///c.bin: unknown type, 6 bytes]",
        "[hologram content]",
      ].join("\n"),
    );
  });

  it("adds structured content unless the text already says it", () => {
    expect(describeResult({ content: [], structuredContent: { temperature: 21 } })).toBe(
      'Structured result: {"temperature":21}',
    );
    expect(
      describeResult({
        content: [{ type: "text", text: '{"temperature": 21}' }],
        structuredContent: { temperature: 21 },
      }),
    ).toBe('{"temperature": 21}');
    expect(
      describeResult({
        content: [{ type: "text", text: "hello\n" }],
        structuredContent: { content: "hello\n" },
      }),
    ).toBe("hello");
    expect(
      describeResult({
        content: [{ type: "text", text: "It is warm." }],
        structuredContent: { temperature: 21 },
      }),
    ).toBe('It is warm.\nStructured result: {"temperature":21}');
  });

  it("says when there is nothing, and cuts what is too long for a prompt", () => {
    expect(describeResult({ content: [] })).toBe("(the tool returned nothing)");
    const long = describeResult({
      content: [{ type: "text", text: "x".repeat(MAX_OBSERVATION + 5) }],
    });
    expect(long.endsWith("\n[… 5 more characters cut]")).toBe(true);
  });
});
