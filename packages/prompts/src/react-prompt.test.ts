import { describe, expect, it } from "vitest";
import {
  CONDENSE_QUESTION_TEMPLATE,
  formatChatHistory,
  renderCondenseQuestionPrompt,
} from "./condense-question.js";
import { appendStep, formatToday, REACT_TEMPLATE, renderReactPrompt } from "./react-prompt.js";

const tools = [
  { name: "search", description: "a search engine." },
  { name: "calculator", description: "Useful for getting the result of a math expression." },
];

describe("renderReactPrompt", () => {
  const prompt = renderReactPrompt({ question: "What is 2+2?", tools, today: "2026-11-23" });

  it("lists every tool with its description and every tool name", () => {
    expect(prompt).toContain("search: a search engine.\ncalculator: Useful for getting");
    // The original hard-coded `[search]`, hiding the calculator from the model.
    expect(prompt).toContain("Action: the action to take, should be one of [search, calculator]");
  });

  it("ends with the question and an open Thought", () => {
    expect(prompt.endsWith("Question: What is 2+2?\nThought:")).toBe(true);
    expect(prompt).toContain("Today is 2026-11-23.");
  });

  it("defaults today to the local date", () => {
    expect(renderReactPrompt({ question: "q", tools })).toContain(`Today is ${formatToday()}.`);
    expect(formatToday(new Date(2023, 6, 5))).toBe("2023-07-05");
  });

  it("names every tool, however many there are, in the given order", () => {
    const many = ["search", "calculator", "clock", "hacker_news", "weather", "wikipedia"].map(
      (name) => ({ name, description: `the ${name} tool` }),
    );
    const rendered = renderReactPrompt({ question: "q", tools: many, today: "d" });
    expect(rendered).toContain(
      "should be one of [search, calculator, clock, hacker_news, weather, wikipedia]",
    );
    for (const tool of many) expect(rendered).toContain(`\n${tool.name}: the ${tool.name} tool\n`);
  });

  it("keeps tool descriptions and names literal too", () => {
    const rendered = renderReactPrompt({
      question: "q",
      tools: [{ name: "odd{question}", description: "uses {tools} and $& inside" }],
      today: "d",
    });
    expect(rendered).toContain("odd{question}: uses {tools} and $& inside\n");
    expect(rendered).toContain("[odd{question}]");
  });

  it("keeps a question that looks like a template literal", () => {
    const tricky = renderReactPrompt({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is what is tested
      question: "Explain ${question} and {tool_names} and {tools} and {{x}}",
      tools,
      today: "d",
    });
    expect(tricky).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is what is tested
      "Question: Explain ${question} and {tool_names} and {tools} and {{x}}\nThought:",
    );
  });

  it("accepts a custom template and fails on one with an unknown variable", () => {
    expect(renderReactPrompt({ question: "q", tools, template: "{question}|{tool_names}" })).toBe(
      "q|search, calculator",
    );
    expect(() =>
      renderReactPrompt({ question: "q", tools, template: "{persona} {question}" }),
    ).toThrow("{persona}");
  });

  it("uses the seeds' format lines", () => {
    for (const line of [
      "Action Input: the input to the action",
      "Observation: the result of the action",
      "Final Answer: the final answer to the original input question",
    ]) {
      expect(REACT_TEMPLATE).toContain(line);
    }
  });
});

describe("appendStep", () => {
  it("grows over many steps, each prompt the previous one plus its step", () => {
    const steps = [
      [" I should add\nAction: calculator\nAction Input: 2+2\n\n", "4"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is what is tested
      [" Odd {question} text\r\nAction: search\nAction Input: ${tools}", "results with {tools}"],
      [" Multi-line\nAction: python\nAction Input: ```\nprint(1)\n```", "1\n"],
    ] as const;
    let prompt = renderReactPrompt({ question: "q", tools, today: "d" });
    for (const [completion, observation] of steps) {
      const next = appendStep(prompt, completion, observation);
      expect(next.slice(0, prompt.length)).toBe(prompt);
      expect(next.slice(prompt.length)).toBe(
        `${completion.trimEnd()}\nObservation: ${observation}\nThought:`,
      );
      prompt = next;
    }
  });

  it("only ever grows the prompt, byte for byte", () => {
    const first = renderReactPrompt({ question: "q", tools, today: "d" });
    const second = appendStep(first, " I should add\nAction: calculator\nAction Input: 2+2\n", "4");
    const third = appendStep(second, " Still unsure\nAction: calculator\nAction Input: 4*1", "4");
    expect(second.startsWith(first)).toBe(true);
    expect(third.startsWith(second)).toBe(true);
    expect(second.slice(first.length)).toBe(
      " I should add\nAction: calculator\nAction Input: 2+2\nObservation: 4\nThought:",
    );
  });
});

describe("condense-question prompt", () => {
  it("renders seed 000's follow-up prompt from the chat history", () => {
    const prompt = renderCondenseQuestionPrompt({
      question: "What is that in celsius?",
      history: [
        {
          question: "What was the high temperature in SF yesterday in Fahrenheit?",
          answer: "Yesterday, the high temperature in SF was 54°F",
        },
      ],
    });
    expect(prompt).toBe(
      "Given the following conversation and a follow up question, rephrase the follow up question to be a standalone question.\n" +
        "Chat History:\n" +
        "Q: What was the high temperature in SF yesterday in Fahrenheit?\n" +
        "A: Yesterday, the high temperature in SF was 54°F\n" +
        "Follow Up Input: What is that in celsius?\n" +
        "Standalone question:",
    );
  });

  it("takes history as preformatted text too", () => {
    expect(formatChatHistory([])).toBe("");
    expect(
      renderCondenseQuestionPrompt({
        question: "b",
        history: "a summary",
        template: CONDENSE_QUESTION_TEMPLATE,
      }),
    ).toContain("Chat History:\na summary\nFollow Up Input: b");
  });
});
