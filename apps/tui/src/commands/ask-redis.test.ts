import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type RedisServer, startRedisServer } from "@langchain-mini/memory-redis/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

// An LLM that answers with its model name once the test's condition holds (see the file).
const WAITING_LLM = resolve(import.meta.dirname, "../test-support/waiting-llm.mjs");
const servers: RedisServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function redis(options: { password?: string } = {}) {
  const server = await startRedisServer(options);
  servers.push(server);
  return server;
}
const where = (server: RedisServer) => `redis://127.0.0.1:${server.port}/0`;

describe("ask --session on Redis (--store redis://…)", () => {
  it("keeps both turns of two processes at once, and rewrites a third's follow-up from them", async () => {
    const server = await redis();
    const directory = tempDir();
    const gate = join(directory, "gate");
    mkdirSync(gate);
    const env = { LANGCHAIN_MINI_HOME: join(directory, "home"), LANGCHAIN_MINI_STORE: server.url };
    // Neither answers before both have loaded the (empty) session: the saves race.
    const asking = (answer: string, question: string) =>
      runCli(
        [
          "ask",
          "--session",
          "team",
          "--tools",
          "calculator",
          "--llm",
          `${WAITING_LLM}:${answer}`,
          question,
        ],
        { cwd: directory, env: { ...env, WAIT_DIRECTORY: gate, WAIT_FOR: "2" } },
      );
    const [france, italy] = await Promise.all([
      asking("Paris", "What is the capital of France?"),
      asking("Rome", "What is the capital of Italy?"),
    ]);
    expect([france.status, france.stdout, italy.status, italy.stdout]).toEqual([
      0,
      "Paris\n",
      0,
      "Rome\n",
    ]);
    expect(`${france.stderr}${italy.stderr}`).not.toContain("Warning");

    const script = writeScript(directory, [
      " What is the capital of Spain?",
      " I now know the final answer\nFinal Answer: Madrid",
    ]);
    const trace = join(directory, "third.jsonl");
    const third = await runCli(
      [
        "ask",
        "--session",
        "team",
        "--tools",
        "calculator",
        "--trace",
        trace,
        "--llm",
        `script:${script}`,
        "And of Spain?",
      ],
      { cwd: directory, env },
    );
    expect(third.status).toBe(0);
    expect(third.stdout).toBe("Madrid\n");
    const rewrite = readFileSync(trace, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((event) => event.type === "llm-start" && event.step === 0);
    expect(rewrite.prompt).toContain("Q: What is the capital of France?\nA: Paris\n");
    expect(rewrite.prompt).toContain("Q: What is the capital of Italy?\nA: Rome\n");
    expect(rewrite.prompt).toMatch(/Follow Up Input: And of Spain\?\nStandalone question:$/);
    expect(third.stderr).toContain("Question: What is the capital of Spain?");

    // sessions list, show and delete read the same store.
    const listed = await runCli(["sessions", "list"], { cwd: directory, env });
    expect(listed.stdout).toMatch(/^team\t3 turns\t\d{4}-\d\d-\d\dT[\d:.]+Z\n$/);
    const shown = await runCli(["sessions", "show", "team"], { cwd: directory, env });
    expect(shown.stdout).toContain(
      "Q: And of Spain?\n   (asked as: What is the capital of Spain?)\nA: Madrid\n",
    );
    expect(shown.stdout.match(/^Q: /gm)).toHaveLength(3);
    const deleted = await runCli(["sessions", "delete", "team"], { cwd: directory, env });
    expect([deleted.status, deleted.stderr]).toEqual([0, "Deleted session 'team'\n"]);
    const empty = await runCli(["sessions"], { cwd: directory, env });
    expect(empty.stderr).toBe(
      `No sessions yet in ${where(server)}: start one with ask --session <name>\n`,
    );
    // Nothing was written to the data directory: the sessions were on Redis.
    const files = await runCli(["sessions", "--store", "file:"], { cwd: directory, env });
    expect(files.stderr).toMatch(/^No sessions yet in .*home\/sessions: /);
  });

  it("still answers when Redis stops while the model is thinking, with a warning and exit 1 (not saved)", async () => {
    const server = await redis();
    const directory = tempDir();
    const result = await runCli(
      [
        "ask",
        "--store",
        server.url,
        "--session",
        "s",
        "--tools",
        "calculator",
        "--llm",
        `${WAITING_LLM}:42`,
        "q",
      ],
      {
        cwd: directory,
        env: { STOP_PID: String(server.pid), STOP_PORT: String(server.port) },
      },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("42\n");
    const warnings = result.stderr.split("\n").filter((line) => line.startsWith("Warning:"));
    // The run's journal, on the same server, went with it: that costs the resume, said once.
    const journal = warnings.filter((line) => line.startsWith("Warning: The run's journal"));
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatch(/: the run goes on, but cannot be resumed if it stops$/);
    const saving = warnings.filter((line) => !journal.includes(line));
    expect(saving).toHaveLength(1);
    // Which of these the client sees depends on where in its exchange the server went.
    expect(saving[0]).toMatch(
      new RegExp(
        `^Warning: Cannot save to session 's' on Redis at redis://127\\.0\\.0\\.1:${server.port}/0: (connection refused|the connection was lost|the connection was reset): .* \\(the answer was not saved\\)$`,
      ),
    );
  });

  it("says in one line that the password was refused, never showing it, and still answers (exit 1: not saved)", async () => {
    const server = await redis({ password: "right-password-1" });
    const directory = tempDir();
    const script = writeScript(directory, [" I now know the final answer\nFinal Answer: 42"]);
    const url = `redis://:wrong-password-2@127.0.0.1:${server.port}`;
    const result = await runCli(
      [
        "ask",
        "--store",
        url,
        "--session",
        "s",
        "--tools",
        "calculator",
        "--llm",
        `script:${script}`,
        "q",
      ],
      { cwd: directory },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("42\n");
    const warnings = result.stderr.split("\n").filter((line) => line.startsWith("Warning:"));
    // One line for the conversation and one for the run's journal, each saying what it costs.
    expect(warnings.sort()).toEqual([
      `Warning: Cannot load session 's' from Redis at ${where(server)}: it refused the user name or password: check the password in the store URL (--store or LANGCHAIN_MINI_STORE): redis://:password@host:port (answering without the conversation's history; this turn will not be saved)`,
      expect.stringMatching(
        /^Warning: The run's journal could not be written \(.*: it refused the user name or password: .*\): the run goes on, but cannot be resumed if it stops$/,
      ),
    ]);
    expect(result.stderr).not.toMatch(/wrong-password-2|right-password-1/);

    const listed = await runCli(["sessions", "list"], {
      cwd: directory,
      env: { LANGCHAIN_MINI_STORE: url },
    });
    expect(listed.status).toBe(2);
    expect(listed.stderr).toBe(
      `langchain-mini: Cannot list the sessions on Redis at ${where(server)}: it refused the user name or password: check the password in the store URL (--store or LANGCHAIN_MINI_STORE): redis://:password@host:port\n`,
    );
  });

  it("keeps the password out of traces and --json output", async () => {
    const server = await redis({ password: "trace-secret-3" });
    const directory = tempDir();
    const script = writeScript(directory, [
      " I now know the final answer\nFinal Answer: the store is redis://:trace-secret-3@x",
    ]);
    const trace = join(directory, "run.jsonl");
    const result = await runCli(
      [
        "ask",
        "--json",
        "--trace",
        trace,
        "--session",
        "s",
        "--tools",
        "calculator",
        "--llm",
        `script:${script}`,
        "q",
      ],
      { cwd: directory, env: { LANGCHAIN_MINI_STORE: server.url } },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("redis://:[REDACTED]@x");
    expect(`${result.stdout}${result.stderr}${readFileSync(trace, "utf8")}`).not.toContain(
      "trace-secret-3",
    );
  });
});
