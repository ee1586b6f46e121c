// A store plug-in for tests that kill the CLI at a chosen point of its journal: the file
// store on the directory given (`--store <this file>:<directory>`), whose run journal stops
// for good at the record BLOCK_AT names, after writing BLOCK_MARKER (a file the test waits
// for). BLOCK_AT is `<how>:<record type>:<n>`, the n-th record of that type:
//   after: once the record is durable (the process dies between two records);
//   torn: once half of the record's line is in the run's file (it dies during the write).
import { appendFileSync, writeFileSync } from "node:fs";
import { FileSessionStore } from "@langchain-mini/memory";

export const description = "the file store, whose journal blocks where a test says (tests)";

function never() {
  return new Promise(() => setInterval(() => undefined, 1 << 30));
}

export function createStore({ url, env }) {
  const store = new FileSessionStore({ directory: url });
  const journal = store.runs;
  const [how, type, nth] = (env.BLOCK_AT ?? "").split(":");
  let seen = 0;
  const blocks = (record) => record.type === type && ++seen === Number(nth);
  const runs = {
    async append(runId, record, options) {
      if (!blocks(record)) return journal.append(runId, record, options);
      if (how === "torn") {
        const line = `${JSON.stringify(record)}\n`;
        appendFileSync(journal.pathOf(runId), line.slice(0, Math.floor(line.length / 2)));
      } else await journal.append(runId, record, options);
      writeFileSync(env.BLOCK_MARKER, `${how}:${type}:${nth}`);
      return never();
    },
    load: (runId, options) => journal.load(runId, options),
    list: (options) => journal.list(options),
    delete: (runId, options) => journal.delete(runId, options),
    lease: (runId, options) => journal.lease(runId, options),
    swapLease: (runId, expected, next, options) =>
      journal.swapLease(runId, expected, next, options),
  };
  return {
    directory: store.directory,
    runs,
    load: (session) => store.load(session),
    append: (session, record) => store.append(session, record),
    clear: (session) => store.clear(session),
    list: () => store.list(),
  };
}
