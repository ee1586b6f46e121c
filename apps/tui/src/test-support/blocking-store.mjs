// A store plug-in for tests that kill the CLI at a chosen point of its journal: the store
// the URL names (`--store <this file>:<directory or redis://…>`), whose run journal stops
// for good at the record BLOCK_AT names, after writing BLOCK_MARKER (a file the test waits
// for). BLOCK_AT is `<how>:<record type>:<n>`, the n-th record of that type:
//   after: once the record is durable (the process dies between two records);
//   torn: once half of the record's line is in the run's file (it dies during the write;
//     the file store only).
import { appendFileSync, writeFileSync } from "node:fs";
import { FileSessionStore } from "@langchain-mini/memory";
import { createStore as createRedisStore } from "@langchain-mini/memory-redis";

export const description = "a store whose journal blocks where a test says (tests)";

function never() {
  return new Promise(() => setInterval(() => undefined, 1 << 30));
}

export async function createStore(options) {
  const { url, env } = options;
  const store = url.startsWith("redis://")
    ? await createRedisStore(options)
    : new FileSessionStore({ directory: url });
  const journal = store.runs;
  const [how, type, nth] = (env.BLOCK_AT ?? "").split(":");
  let seen = 0;
  const blocks = (record) => record.type === type && ++seen === Number(nth);
  const runs = {
    async append(runId, record, callOptions) {
      if (!blocks(record)) return journal.append(runId, record, callOptions);
      if (how === "torn") {
        const line = `${JSON.stringify(record)}\n`;
        appendFileSync(journal.pathOf(runId), line.slice(0, Math.floor(line.length / 2)));
      } else await journal.append(runId, record, callOptions);
      writeFileSync(env.BLOCK_MARKER, `${how}:${type}:${nth}`);
      return never();
    },
    load: (runId, callOptions) => journal.load(runId, callOptions),
    list: (callOptions) => journal.list(callOptions),
    delete: (runId, callOptions) => journal.delete(runId, callOptions),
    lease: (runId, callOptions) => journal.lease(runId, callOptions),
    swapLease: (runId, expected, next, callOptions) =>
      journal.swapLease(runId, expected, next, callOptions),
  };
  return {
    ...(store.directory ? { directory: store.directory } : {}),
    runs,
    load: (session, callOptions) => store.load(session, callOptions),
    append: (session, record, callOptions) => store.append(session, record, callOptions),
    clear: (session, callOptions) => store.clear(session, callOptions),
    list: (callOptions) => store.list(callOptions),
    close: () => store.close?.(),
  };
}
