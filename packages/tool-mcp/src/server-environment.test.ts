import { describe, expect, it } from "vitest";
import { serverEnvironment } from "./server-environment.js";
import { closeTools as close, openTools as createTools } from "./test-support/open-tools.js";
import { fakeStdioServer } from "./testing/index.js";

const host = {
  PATH: "/usr/bin",
  HOME: "/home/ada",
  HTTPS_PROXY: "http://proxy.corp:3128",
  no_proxy: "localhost,.corp",
  NODE_EXTRA_CA_CERTS: "/etc/corp/ca.pem",
  SSL_CERT_FILE: "/etc/corp/bundle.pem",
  npm_config_registry: "https://npm.corp/",
  npm_config_cache: "/home/ada/.npm-corp",
  npm_config__authToken: "npm-token-secret",
  "npm_config_//npm.corp/:_authToken": "npm-token-secret",
  npm_config_password: "npm-password",
  OPENAI_API_KEY: "sk-the-users-key",
  GITHUB_TOKEN: "ghp_the-users-token",
  BASH_FUNC_x: "() { echo; }",
};

describe("a stdio server's environment", () => {
  it("has what the shell would give a command to reach the network, and none of the user's keys", () => {
    expect(serverEnvironment(host, {})).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/ada",
      HTTPS_PROXY: "http://proxy.corp:3128",
      no_proxy: "localhost,.corp",
      NODE_EXTRA_CA_CERTS: "/etc/corp/ca.pem",
      SSL_CERT_FILE: "/etc/corp/bundle.pem",
      npm_config_registry: "https://npm.corp/",
      npm_config_cache: "/home/ada/.npm-corp",
    });
  });

  it("adds the server's own env, which may name a key and wins", () => {
    const environment = serverEnvironment(host, {
      GITHUB_TOKEN: "ghp_given-to-this-server",
      HOME: "/srv/home",
    });
    expect(environment).toMatchObject({
      GITHUB_TOKEN: "ghp_given-to-this-server",
      HOME: "/srv/home",
    });
    expect(environment).not.toHaveProperty("OPENAI_API_KEY");
  });
});

describe("a server that needs the user's certificate authority and proxy", () => {
  it("starts only because the host's settings reach it (as npx does behind a proxy)", async () => {
    const server = fakeStdioServer({ requireEnv: ["NODE_EXTRA_CA_CERTS", "https_proxy"] });
    const env = {
      LANGCHAIN_MINI_MCP: JSON.stringify({ mcpServers: { corp: server } }),
      PATH: process.env.PATH,
      NODE_EXTRA_CA_CERTS: "/etc/corp/ca.pem",
      https_proxy: "http://127.0.0.1:9",
      OPENAI_API_KEY: "sk-the-users-key",
    };
    try {
      const tools = await createTools({ env });
      const environment = tools.find((tool) => tool.name === "corp__environment");
      const seen = JSON.parse(
        String(await environment?.execute({}, { signal: AbortSignal.timeout(30_000) })),
      ) as Record<string, string>;
      expect(seen).toMatchObject({ NODE_EXTRA_CA_CERTS: "/etc/corp/ca.pem" });
      expect(seen).not.toHaveProperty("OPENAI_API_KEY");
    } finally {
      await close();
    }
  }, 60_000);
});
