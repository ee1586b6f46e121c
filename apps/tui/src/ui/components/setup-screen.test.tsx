import { describe, expect, it } from "vitest";
import { renderUi } from "../../test-support/render-ui.js";
import { SetupScreen } from "./setup-screen.js";

describe("SetupScreen", () => {
  it("says exactly what to set, for OpenAI and for a local server", async () => {
    const settings = [
      ["OPENAI_API_KEY=sk-…", "OpenAI (openai)"],
      ["OPENAI_BASE_URL=http://localhost:11434/v1", "a local server such as Ollama (openai)"],
    ] as const;
    const frame = (
      await renderUi(<SetupScreen reason="No LLM is configured." settings={settings} />)
    ).frame();
    expect(frame).toContain("No LLM is configured.");
    expect(frame).toContain("OPENAI_API_KEY=");
    expect(frame).toContain("OPENAI_BASE_URL=http://localhost:11434/v1");
    expect(frame).toContain("Ollama");
    expect(frame).toContain("--llm script:");
    expect(frame).toContain("Press any key to quit");
  });
});
