import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseMcpConfig, readMcpConfig } from "./config.js";

const parse = (config: unknown, env: Record<string, string> = {}) =>
  parseMcpConfig(JSON.stringify(config), "mcp.json", "/projects/app", env);

function problem(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
  return "no error";
}

describe("the MCP configuration", () => {
  it("reads stdio and HTTP servers in the format other MCP clients use", () => {
    const servers = parse({
      mcpServers: {
        files: {
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-filesystem", "."],
          env: { LOG_LEVEL: "debug", PORT: 3000 },
          cwd: "data",
        },
        remote: { type: "http", url: "https://mcp.example.com/mcp", headers: { "X-Team": "a" } },
        legacy: { type: "sse", url: "http://127.0.0.1:3001/sse" },
        off: { command: "unused", disabled: true },
      },
    });
    expect(servers).toEqual([
      {
        kind: "stdio",
        name: "files",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-filesystem", "."],
        env: { LOG_LEVEL: "debug", PORT: "3000" },
        cwd: "/projects/app/data",
        secrets: ["debug", "3000"],
      },
      {
        kind: "http",
        name: "remote",
        url: new URL("https://mcp.example.com/mcp"),
        headers: { "X-Team": "a" },
        transport: "auto",
        secrets: ["a"],
      },
      {
        kind: "http",
        name: "legacy",
        url: new URL("http://127.0.0.1:3001/sse"),
        headers: {},
        transport: "sse",
        secrets: [],
      },
    ]);
  });

  it("counts every credential it was given as a secret: env values, header values, expansions", () => {
    const [local, remote] = parse(
      {
        mcpServers: {
          local: {
            command: "server",
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
            args: ["--key=${DB_PASS}", "--home=${HOME}"],
            env: { SLACK_TEAM: "T0123456789" },
          },
          remote: {
            url: "https://mcp.example.com/mcp",
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
            headers: { Authorization: "Bearer ${TRACKER}", "X-Org": "acme-corp-42" },
          },
        },
      },
      { DB_PASS: "db-pass-value", HOME: "/home/ada", TRACKER: "trk_0123456789" },
    );
    // HOME goes to every server anyway: it is no credential, and blanking it would blank paths.
    expect(local?.secrets).toEqual(["db-pass-value", "T0123456789"]);
    expect(remote?.secrets).toEqual(["trk_0123456789", "Bearer trk_0123456789", "acme-corp-42"]);
  });

  it("turns a URL's user and password into Basic authorization, kept out of the URL", () => {
    const [server, withHeader] = parse({
      mcpServers: {
        a: { url: "https://ada:p%40ss-word@mcp.example.com/mcp" },
        b: { url: "https://ada:p%40ss-word@mcp.example.com/mcp", headers: { authorization: "x" } },
      },
    });
    const basic = `Basic ${Buffer.from("ada:p@ss-word").toString("base64")}`;
    expect(server).toMatchObject({
      url: new URL("https://mcp.example.com/mcp"),
      headers: { Authorization: basic },
    });
    expect(server?.secrets).toEqual(
      expect.arrayContaining(["ada", "p%40ss-word", "p@ss-word", basic, basic.slice(6)]),
    );
    expect(withHeader).toMatchObject({ headers: { authorization: "x" } });
    expect(String(withHeader?.kind === "http" && withHeader.url)).toBe(
      "https://mcp.example.com/mcp",
    );
  });

  it("expands variables (NAME and NAME:-default in braces) from the environment", () => {
    const [server] = parse(
      {
        mcpServers: {
          remote: {
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
            url: "https://${HOST:-mcp.example.com}/mcp",
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
            headers: { Authorization: "Bearer ${TOKEN}", Cost: "$5" },
          },
        },
      },
      { TOKEN: "abc" },
    );
    expect(server).toMatchObject({
      url: new URL("https://mcp.example.com/mcp"),
      headers: { Authorization: "Bearer abc", Cost: "$5" },
    });
  });

  it("lets no setting of an untrusted folder choose a command, its arguments, directory or URL", () => {
    const env = { BIN: "/tmp/evil", TOKEN: "folder-token-123", SITE: "http://127.0.0.1:9/mcp" };
    const untrusted = new Set(Object.keys(env));
    const parseWith = (server: unknown) =>
      parseMcpConfig(
        JSON.stringify({ mcpServers: { tools: server } }),
        "mcp.json",
        "/projects/app",
        env,
        untrusted,
      );
    const line = (field: string, variable: string) =>
      `config_invalid: MCP server "tools" in mcp.json: ${field} uses \${${variable}}, which only this folder's .env sets, and a folder you have not trusted may not choose a server's command, arguments, directory or URL: set ${variable} in your environment, or trust the folder (--trust)`;
    expect(problem(() => parseWith({ command: `\${BIN:-npx}` }))).toBe(line("command", "BIN"));
    expect(problem(() => parseWith({ command: "npx", args: [`\${BIN}`] }))).toBe(
      line("args", "BIN"),
    );
    expect(problem(() => parseWith({ command: "npx", cwd: `\${BIN}` }))).toBe(line("cwd", "BIN"));
    expect(problem(() => parseWith({ url: `\${SITE}` }))).toBe(line("url", "SITE"));
    // A token for the server's environment or a header is what such settings are for.
    const [stdio] = parseWith({ command: "npx", env: { TOKEN: `\${TOKEN}` } });
    expect(stdio).toMatchObject({ command: "npx", env: { TOKEN: "folder-token-123" } });
    const [http] = parseWith({
      url: "https://mcp.example.com/mcp",
      headers: { Authorization: `Bearer \${TOKEN}` },
    });
    expect(http).toMatchObject({ headers: { Authorization: "Bearer folder-token-123" } });
    // A variable the folder did not set may still choose them.
    expect(parse({ mcpServers: { tools: { command: `\${BIN}` } } }, env)[0]).toMatchObject({
      command: "/tmp/evil",
    });
  });

  it("names the server and the field in every mistake, and never a header's value", () => {
    expect(problem(() => parseMcpConfig("{", "mcp.json", "/", {}))).toMatch(
      /^config_invalid: The MCP configuration mcp.json is not valid JSON \(.+\): it must be \{"mcpServers"/,
    );
    expect(problem(() => parse({ servers: {} }))).toMatch(
      /^config_invalid: The MCP configuration mcp.json must be \{"mcpServers"/,
    );
    expect(problem(() => parse({ mcpServers: { a: "npx server" } }))).toBe(
      'config_invalid: MCP server "a" in mcp.json must be an object with "command" or "url"',
    );
    expect(problem(() => parse({ mcpServers: { a: { command: "x", args: "--flag" } } }))).toBe(
      'config_invalid: MCP server "a" in mcp.json: "args" must be an array of strings',
    );
    expect(problem(() => parse({ mcpServers: { a: { url: "localhost:3000" } } }))).toBe(
      'config_invalid: MCP server "a" in mcp.json: "url" must start with http:// or https://',
    );
    expect(problem(() => parse({ mcpServers: { a: { url: "http://h", type: "ws" } } }))).toBe(
      'config_invalid: MCP server "a" in mcp.json: "type" must be "http", "streamable-http" or "sse" for a server with a "url"',
    );
    expect(
      problem(() => parse({ mcpServers: { a: { url: "http://h", headers: { Key: { v: 1 } } } } })),
    ).toBe('config_invalid: MCP server "a" in mcp.json: "headers": "Key" must be a string');
  });

  it("keeps keys like __proto__ as plain data", () => {
    const servers = parse({
      mcpServers: {
        a: { command: "x", env: JSON.parse('{"__proto__": "y", "constructor": "z"}') },
      },
    });
    const env = servers[0]?.kind === "stdio" ? servers[0].env : {};
    expect(Object.keys(env)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
  });

  it("reads a file named by LANGCHAIN_MINI_MCP, relative paths from the file's folder", async () => {
    const folder = mkdtempSync(join(tmpdir(), "mcp-config-"));
    mkdirSync(join(folder, "conf"));
    writeFileSync(
      join(folder, "conf", "mcp.json"),
      JSON.stringify({ mcpServers: { s: { command: "server", cwd: "work" } } }),
    );
    const servers = await readMcpConfig({ LANGCHAIN_MINI_MCP: "conf/mcp.json" }, folder);
    expect(servers).toMatchObject([{ name: "s", cwd: join(folder, "conf", "work") }]);
    expect(await readMcpConfig({ LANGCHAIN_MINI_MCP: " " }, folder)).toBeUndefined();
  });
});
