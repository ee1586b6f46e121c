import type { PluginNotice } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { closeTools as close, openTools as createTools } from "./test-support/open-tools.js";
import { fakeStdioServer, startHostileHttp } from "./testing/index.js";

afterEach(close);

describe("credentials in the MCP settings", () => {
  it("are handed to the host as secrets before any server starts", async () => {
    const added: string[] = [];
    const servers = {
      local: { ...fakeStdioServer(), env: { DB_URL: "postgres://app:db-password@db/app" } },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
      remote: { url: "http://ada:url-password@127.0.0.1:9/mcp", headers: { "X-Api": "${API}" } },
    };
    await createTools({
      env: { LANGCHAIN_MINI_MCP: JSON.stringify({ mcpServers: servers }), API: "api-value-123" },
      addSecret: (value) => added.push(value),
    });
    expect(added).toEqual(
      expect.arrayContaining([
        "postgres://app:db-password@db/app",
        "api-value-123",
        "url-password",
        `Basic ${Buffer.from("ada:url-password").toString("base64")}`,
      ]),
    );
  }, 60_000);

  it("never appear in the warning of a server that echoes them while it fails", async () => {
    const server = await startHostileHttp({ echoHeaders: true });
    try {
      const url = new URL(server.url);
      url.username = "ada";
      url.password = "url-password";
      const config = {
        echo: {
          url: url.href,
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
          headers: { "X-Api-Key": "${API}", "X-Plain": "plain-header-value" },
        },
      };
      const notices: PluginNotice[] = [];
      await createTools({
        env: { LANGCHAIN_MINI_MCP: JSON.stringify({ mcpServers: config }), API: "api-value-123" },
        onNotice: (notice) => notices.push(notice),
      });
      // The server did see them: the Basic authorization the URL's user and password mean.
      expect(server.headersSeen[0]).toMatchObject({
        authorization: `Basic ${Buffer.from("ada:url-password").toString("base64")}`,
        "x-api-key": "api-value-123",
      });
      const [warning, ...others] = notices.filter((notice) => notice.level === "warning");
      expect(others).toEqual([]);
      expect(warning?.message).toMatch(
        /^MCP server "echo" did not start: .*\[REDACTED\].*\. Its tools are left out$/,
      );
      expect(warning?.message).not.toMatch(/\n/);
      for (const secret of ["url-password", "api-value-123", "plain-header-value", "YWRh"]) {
        expect(warning?.message).not.toContain(secret);
      }
    } finally {
      await close();
      await server.close();
    }
  }, 60_000);
});
