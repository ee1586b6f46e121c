import { describe, expect, it } from "vitest";
import { extractAnswer, NO_RESULT } from "./extract-answer.js";

const organic = [{ title: "Result", snippet: "from the web" }];

describe("extractAnswer: best first, compact, capped", () => {
  it("prefers the answer box to the knowledge graph, and both to organic results", () => {
    const reply = {
      answer_box: { answer: "42", snippet: "a longer snippet" },
      knowledge_graph: { title: "Graph", description: "described" },
      organic_results: organic,
    };
    expect(extractAnswer(reply, 1_000)).toBe("42");
    expect(extractAnswer({ ...reply, answer_box: undefined }, 1_000)).toBe("Graph: described");
    expect(extractAnswer({ organic_results: organic }, 1_000)).toBe("Result: from the web");
  });

  it("skips parts with nothing to say", () => {
    const reply = {
      answer_box: { type: "organic_result", title: "Only a title", link: "https://x.example" },
      knowledge_graph: { title: "No description" },
      organic_results: [{ link: "https://y.example" }, ...organic],
    };
    expect(extractAnswer(reply, 1_000)).toBe("Result: from the web");
    expect(extractAnswer({ organic_results: "not a list" }, 1_000)).toBe(NO_RESULT);
  });

  it("gives a Celsius weather box its unit", () => {
    const box = { type: "weather_result", temperature: 23, unit: "Celsius", location: "Tenerife" };
    expect(extractAnswer({ answer_box: box }, 1_000)).toBe("Tenerife: 23°C");
  });

  it("reads the first game when there is no spotlight", () => {
    const sports_results = {
      title: "Real Madrid",
      games: [
        {
          tournament: "La Liga",
          status: "FT",
          teams: [
            { name: "Real Madrid", score: 2 },
            { name: "Barcelona", score: 1 },
          ],
        },
      ],
    };
    expect(extractAnswer({ sports_results }, 1_000)).toBe(
      "Real Madrid: Real Madrid 2 - Barcelona 1 (La Liga, FT)",
    );
  });

  it("keeps one result per line, whatever whitespace the snippets carry", () => {
    const reply = {
      organic_results: [
        { title: "One", snippet: "first\n\nparagraph\tends" },
        { title: "Two", snippet: "  second  " },
      ],
    };
    expect(extractAnswer(reply, 1_000)).toBe("One: first paragraph ends\nTwo: second");
  });

  it("caps without cutting a character in half", () => {
    const answer = extractAnswer({ answer_box: { answer: `${"a".repeat(18)}😀😀😀` } }, 20);
    expect(answer).toBe(`${"a".repeat(18)}…`);
    expect(answer.length).toBeLessThanOrEqual(20);
  });
});
