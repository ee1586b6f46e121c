import { execFileSync } from "node:child_process";
import { type RedisServer, startRedisServer } from "@langchain-mini/memory-redis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../test-support/cli.js";
import { type HostileCase, runHostileCase } from "../test-support/hostile-case.js";

// A session store's index as another program (or a hand at redis-cli) may leave it: an
// entry with a score no date can show, or a name that is no session's. Each is skipped
// with one warning; the rest of the store works as ever. On a real redis-server.

const PASSWORD = "corpus-redis-password-61c0";
const ANSWER = [" I now know the final answer\nFinal Answer: the answer"];
const turn = (question: string) =>
  JSON.stringify({ type: "turn", question, answer: "a", at: "2026-11-23T00:00:00.000Z" });

let server: RedisServer;

/** One command through redis-cli (Debian's redis-tools, which redis-server comes with). */
function redis(...command: string[]) {
  const login = ["-p", String(server.port), "-a", PASSWORD, "--no-auth-warning"];
  return execFileSync("redis-cli", [...login, ...command], { encoding: "utf8" }).trim();
}

/** The store of one case: its own key prefix on the shared server. */
const store = (prefix: string) => ({
  LANGCHAIN_MINI_STORE: server.url,
  LANGCHAIN_MINI_REDIS_PREFIX: `${prefix}:`,
});

/** Two sessions, `fine` and `odd`, with odd's index entry at `score` under `odd-name`. */
function plant(prefix: string, score: string, name = "odd") {
  redis("RPUSH", `${prefix}:session:fine`, turn("q1"));
  redis("RPUSH", `${prefix}:session:odd`, turn("q2"));
  redis("ZADD", `${prefix}:sessions`, String(Date.now()), "fine", score, name);
}

beforeAll(async () => {
  server = await startRedisServer({ password: PASSWORD });
  plant("infinite", "+inf");
  plant("huge", "1e300");
  plant("named", "1000", "../not a session");
  plant("deleted", "-inf");
  plant("asked", "+inf");
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** The one warning line, whole: the server's port is the only part not known beforehand. */
const skipped = (prefix: string, entry: string) =>
  new RegExp(
    `^${escapeRegExp(`Warning: Skipped 1 entry of the session index ${prefix}:sessions on Redis at redis://127.0.0.1:`)}\\d+${escapeRegExp(`/0 that is not a session name with a time (${entry}): a session's next turn puts its entry right; remove others with ZREM ${prefix}:sessions <name>`)}\n$`,
  );
const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

const listCases: HostileCase[] = [
  ["infinite", "an infinite score", '"odd" at score Infinity'],
  ["huge", "a score no date can show", '"odd" at score 1e+300'],
  ["named", "that names no session", `"../not a session" at score 1000`],
].map(([prefix = "", what = "", entry = ""]) => ({
  name: `sessions list with an index entry ${what}: skipped, one warning, exit 0`,
  env: () => store(prefix),
  args: () => ["sessions", "list"],
  status: 0,
  stdout: /^fine\t1 turn\t\d{4}-\d\d-\d\dT[\d:.]+Z\n$/,
  stderr: skipped(prefix, entry),
  forbidden: [PASSWORD, "Invalid time value"],
}));

const otherCases: HostileCase[] = [
  {
    name: "sessions delete of a session whose index entry is skipped",
    env: () => store("deleted"),
    args: () => ["sessions", "delete", "odd"],
    status: 0,
    stdout: "",
    stderr: "Deleted session 'odd'\n",
    forbidden: [PASSWORD],
    check: () => {
      expect(redis("EXISTS", "deleted:session:odd")).toBe("0");
      expect(redis("ZSCORE", "deleted:sessions", "odd")).toBe("");
    },
  },
  {
    name: "ask --session of a session whose index entry is skipped: its next turn puts it right",
    env: () => store("asked"),
    args: ({ script }) => [
      "ask",
      "--session",
      "odd",
      "--tools",
      "calculator",
      "--llm",
      `script:${script([" standalone q", ...ANSWER])}`,
      "q",
    ],
    status: 0,
    stdout: "the answer\n",
    forbidden: [PASSWORD],
    check: async (_result, context) => {
      const listed = await runCli(["sessions", "list"], {
        cwd: context.directory,
        env: { LANGCHAIN_MINI_HOME: context.home, ...store("asked") },
      });
      expect(listed.stderr).toBe("");
      expect(listed.stdout).toMatch(/^odd\t2 turns\t.*\nfine\t1 turn\t/);
    },
  },
];

describe("hostile corpus: a session store's index with bad entries (redis-server)", () => {
  for (const hostile of [...listCases, ...otherCases]) {
    it(hostile.name, () => runHostileCase(hostile), 60_000);
  }
});
