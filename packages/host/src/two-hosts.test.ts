import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentEvent } from "@langchain-mini/core";
import { fakeStdioServer, isRunning, waitFor } from "@langchain-mini/tool-mcp/testing";
import { afterEach, describe, expect, it } from "vitest";
import type { WireEvent } from "./boundary/wire-event.js";
import { createHost, type Host } from "./create-host.js";
import { tempDir } from "./test-support/temp-dir.js";

// Two tenants in one process, as a server holds them: each host has its own keys, MCP
// server and working directory. What one host writes (its events, its trace, its stored
// conversation) holds neither the other's secrets blanked nor any of its tools.

const act = (tool: string, input: string) =>
  ` I will use it.\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

interface Tenant {
  readonly name: string;
  readonly key: string;
  /** A credential only the tenant's MCP settings hold: no variable's name says it is one. */
  readonly credential: string;
  readonly directory: string;
  readonly host: Host;
}

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

function tenant(name: string, pidFile: string): Tenant {
  const directory = tempDir();
  const key = `${name}-api-key-4f1d9a7c`;
  const credential = `${name}-mcp-credential-77b2`;
  const server = fakeStdioServer({ pidFile });
  const mcp = { mcpServers: { [name]: { ...server, env: { SERVICE_CODE: credential } } } };
  writeFileSync(join(directory, "mcp.json"), JSON.stringify(mcp));
  mkdirSync(join(directory, "data"));
  const host = createHost({
    env: { ACME_API_KEY: key, LANGCHAIN_MINI_HOME: join(directory, "data") },
    cwd: directory,
  });
  hosts.push(host);
  return { name, key, credential, directory, host };
}

/** The model, scripted: it calls its own server's echo tool with every secret it could know, then answers with them. */
function script(own: Tenant, other: Tenant) {
  const said = `${own.key} ${own.credential} ${other.key} ${other.credential}`;
  const replies = [act(`${own.name}__echo`, JSON.stringify({ text: said })), answer(said)];
  writeFileSync(join(own.directory, "script.json"), JSON.stringify(replies));
}

async function ask(own: Tenant) {
  const wire: WireEvent[] = [];
  const shown: AgentEvent[] = [];
  const session = await own.host.openSession({
    llm: "script:script.json",
    tools: "calculator",
    mcp: "mcp.json",
    session: "notes",
    trace: "trace.jsonl",
  });
  const run = session.ask("Who am I?", { onWire: (event) => wire.push(event) });
  for await (const event of run) shown.push(event);
  const result = await run.result;
  await session.close();
  const sessions = join(own.directory, "data", "sessions");
  // Its conversation and its runs' journals (and their leases) beside it.
  const stored = readdirSync(sessions, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"));
  expect(stored.length).toBeGreaterThanOrEqual(2);
  return {
    result,
    tools: session.tools.map((tool) => tool.name),
    written: [
      JSON.stringify(wire),
      JSON.stringify(shown),
      readFileSync(join(own.directory, "trace.jsonl"), "utf8"),
      ...stored,
    ].join("\n"),
  };
}

describe("two hosts in one process", () => {
  it("keep their secrets, MCP servers and working directories apart", async () => {
    const a = tenant("alpha", join(tempDir(), "alpha.pids"));
    const b = tenant("beta", join(tempDir(), "beta.pids"));
    script(a, b);
    script(b, a);
    const [fromA, fromB] = await Promise.all([ask(a), ask(b)]);

    expect(fromA.result.status).toBe("answered");
    expect(fromB.result.status).toBe("answered");
    // Each has its own server's tools only, from its own folder's mcp.json.
    expect(fromA.tools).toEqual([
      "calculator",
      "alpha__echo",
      "alpha__environment",
      "alpha__invalid",
      "alpha__huge",
    ]);
    expect(fromB.tools).toEqual([
      "calculator",
      "beta__echo",
      "beta__environment",
      "beta__invalid",
      "beta__huge",
    ]);
    // Its own secrets are blanked everywhere it writes; the other's are not its to know,
    // so they pass as the model's text: no host blanks with, or reveals, the other's list.
    for (const [own, other, written] of [
      [a, b, fromA.written],
      [b, a, fromB.written],
    ] as const) {
      expect(written).not.toContain(own.key);
      expect(written).not.toContain(own.credential);
      expect(written).toContain("[REDACTED]");
      expect(written).toContain(other.key);
      expect(written).toContain(other.credential);
    }
  }, 120_000);

  it("close their own servers only", async () => {
    const alphaPids = join(tempDir(), "alpha.pids");
    const betaPids = join(tempDir(), "beta.pids");
    const a = tenant("alpha", alphaPids);
    const b = tenant("beta", betaPids);
    const options = { llm: "script:script.json", mcp: "mcp.json", tools: "calculator" };
    script(a, b);
    script(b, a);
    const [sessionA, sessionB] = await Promise.all([
      a.host.openSession(options),
      b.host.openSession(options),
    ]);
    const pidOf = (file: string) => Number(readFileSync(file, "utf8").trim().split("\n")[0]);
    await waitFor(() => isRunning(pidOf(alphaPids)) && isRunning(pidOf(betaPids)), "both servers");
    await a.host.close();
    await waitFor(() => !isRunning(pidOf(alphaPids)), "alpha's server to stop");
    expect(isRunning(pidOf(betaPids))).toBe(true);
    const echo = sessionB.tools.find((tool) => tool.name === "beta__echo");
    const signal = AbortSignal.timeout(30_000);
    expect(await echo?.execute({ text: "still here" }, { signal })).toContain("still here");
    await sessionA.close();
  }, 120_000);
});
