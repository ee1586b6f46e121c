import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fakeStdioServer } from "@langchain-mini/tool-mcp/testing";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

// MCP servers start as the user's shell would start them (its proxy and certificate
// settings, never its keys), and one that does not start says why, with its own words.

const act = (tool: string, input: string) =>
  ` I will use it.\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

function writeConfig(directory: string, servers: Record<string, unknown>) {
  const path = join(directory, "mcp.json");
  writeFileSync(path, JSON.stringify({ mcpServers: servers }));
  return path;
}

describe("ask --mcp: a server's environment", () => {
  it("starts a server that needs the user's certificate authority and proxy, without the user's keys", async () => {
    const directory = tempDir();
    const ca = join(directory, "corp-ca.pem");
    writeFileSync(ca, "-----BEGIN CERTIFICATE-----\n");
    // As npx does behind a proxy whose certificate the system does not know.
    const server = fakeStdioServer({ requireEnv: ["NODE_EXTRA_CA_CERTS", "HTTPS_PROXY"] });
    const config = writeConfig(directory, { corp: server });
    const script = writeScript(directory, [act("corp__environment", "{}"), answer("started")]);
    const result = await runCli(["ask", "--llm", `script:${script}`, "--mcp", config, "env?"], {
      cwd: directory,
      env: {
        NODE_EXTRA_CA_CERTS: ca,
        HTTPS_PROXY: "http://127.0.0.1:9",
        npm_config_registry: "http://127.0.0.1:9/registry/",
        OPENAI_API_KEY: "sk-shell-key-not-for-servers",
      },
    });
    expect(result.stderr).not.toContain("did not start");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("started\n");
    const observation = /Observation: (\{.*\})\n/.exec(result.stderr)?.[1] ?? "{}";
    const seen = JSON.parse(observation) as Record<string, string>;
    expect(seen).toMatchObject({
      NODE_EXTRA_CA_CERTS: ca,
      HTTPS_PROXY: "http://127.0.0.1:9",
      npm_config_registry: "http://127.0.0.1:9/registry/",
    });
    expect(Object.keys(seen)).not.toContain("OPENAI_API_KEY");
  });

  it("shows what a server that fails to start wrote on stderr: in the warning, --verbose and the trace", async () => {
    const directory = tempDir();
    const server = fakeStdioServer({
      stderr: [
        "npm error code E404",
        "npm error 404 Not Found - GET http://127.0.0.1:9/@acme%2fmcp",
      ],
      exitAtStart: 1,
    });
    const config = writeConfig(directory, { broken: server });
    const script = writeScript(directory, [answer("without it")]);
    const trace = join(directory, "trace.jsonl");
    const result = await runCli(
      [
        ...["ask", "--llm", `script:${script}`, "--mcp", config, "--tools", "calculator"],
        ...["--verbose", "--trace", trace, "q"],
      ],
      { cwd: directory },
    );
    expect(result.status).toBe(0);
    const warning =
      'MCP server "broken" did not start: it exited with status 1 before it answered; it said: npm error code E404 | npm error 404 Not Found - GET http://127.0.0.1:9/@acme%2fmcp. Its tools are left out';
    expect(result.stderr).toContain(`\nWarning: ${warning}\n`);
    expect(result.stderr).toContain('MCP server "broken": npm error code E404\n');
    const events = readFileSync(trace, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; message?: string });
    expect(events).toContainEqual(
      expect.objectContaining({ type: "log", message: "npm error code E404" }),
    );
    expect(events).toContainEqual(expect.objectContaining({ type: "warning", message: warning }));
  });
});
