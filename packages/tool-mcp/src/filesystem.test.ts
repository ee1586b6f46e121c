import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, ToolCallingAgent } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { closeTools as close, openTools as createTools } from "./test-support/open-tools.js";
import { filesystemStdio } from "./testing/index.js";

const act = (tool: string, input: string) =>
  ` I will use it.\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

// The server resolves symbolic links (/tmp may be one), so paths are given resolved.
const root = realpathSync(mkdtempSync(join(tmpdir(), "mcp-files-")));
writeFileSync(join(root, "notes.txt"), "first line\nsecond line\n");
const config = { mcpServers: { files: filesystemStdio(root) } };
const env = { LANGCHAIN_MINI_MCP: JSON.stringify(config) };

afterAll(close);

describe("the filesystem server on a temporary directory", () => {
  it("reads, writes and lists files, and refuses a path outside it (ReAct)", async () => {
    const tools = await createTools({ env });
    const llm = new ScriptedLlm([
      act("files__read_text_file", JSON.stringify({ path: join(root, "notes.txt"), head: 1 })),
      act("files__write_file", `{'path': '${join(root, "answer.md")}', 'content': '# 42',}`),
      act("files__list_directory", JSON.stringify({ path: root })),
      act("files__read_text_file", '{"path": "/etc/hostname"}'),
      answer("done"),
    ]);
    // The server marks its reading tools read-only: only the write waits for approval.
    const asked: string[] = [];
    const approve = ({ tool }: { tool: string }) => {
      asked.push(tool);
      return { approved: true };
    };
    const result = await new Agent({ llm, tools, approve }).invoke("Tidy my notes");
    expect(result.status).toBe("answered");
    expect(asked).toEqual(["files__write_file"]);
    const [read, written, listed, refused] = result.steps.map((step) => step.observation);
    expect(read).toBe("first line");
    expect(written).toContain("Successfully wrote to");
    expect(readFileSync(join(root, "answer.md"), "utf8")).toBe("# 42");
    expect(listed).toContain("[FILE] answer.md");
    expect(listed).toContain("[FILE] notes.txt");
    expect(refused).toMatch(
      /^Tool files__read_text_file failed: Access denied - path outside allowed directories/,
    );
  }, 60_000);

  it("edits a file with nested arguments and feeds a malformed edit back (function calling)", async () => {
    const tools = await createTools({ env });
    const path = join(root, "notes.txt");
    const llm = new ScriptedLlm([
      { toolCalls: [{ name: "files__edit_file", arguments: { path, edits: [{ oldText: 1 }] } }] },
      {
        toolCalls: [
          {
            name: "files__edit_file",
            arguments: { path, edits: [{ oldText: "second line", newText: "2nd line" }] },
          },
        ],
      },
      "Edited.",
    ]);
    const agent = new ToolCallingAgent({ llm, tools, approval: "never" });
    const result = await agent.invoke("Shorten line two");
    const [rejected, edited] = result.steps.map((step) => step.observation);
    expect(rejected).toBe(
      'Tool files__edit_file did not run: the input is invalid: edits[0].newText: is required; edits[0].oldText: expected a string, got 1. Give the input as one JSON object, like {"path": "...", "edits": []}.',
    );
    expect(edited).toContain("-second line\n+2nd line");
    expect(readFileSync(path, "utf8")).toBe("first line\n2nd line\n");
    expect(result.status).toBe("answered");
  }, 60_000);
});
