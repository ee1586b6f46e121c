import { describe, expect, it } from "vitest";
import { helpText, parseSlashCommand } from "./slash-commands.js";

describe("parseSlashCommand", () => {
  it("leaves questions alone and parses commands with their argument", () => {
    expect(parseSlashCommand("What is 2/3?")).toBeUndefined();
    expect(parseSlashCommand("/session  work notes ")).toEqual({
      name: "session",
      argument: "work notes",
    });
    expect(parseSlashCommand("/HELP")).toEqual({ name: "help", argument: "" });
    expect(parseSlashCommand("/exit")).toEqual({ name: "quit", argument: "" });
    expect(parseSlashCommand("/nope")).toEqual({ name: "unknown", argument: "nope" });
  });

  it("help lists every command and the keys", () => {
    const help = helpText();
    for (const command of ["/help", "/clear", "/new", "/session", "/tools", "/model"]) {
      expect(help).toContain(command);
    }
    expect(help).toContain("Esc");
    expect(help).toContain("PgUp / PgDn");
  });
});
