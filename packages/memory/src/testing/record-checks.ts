import assert from "node:assert/strict";
import { type SessionRecord, turnsOf } from "@langchain-mini/core";
import type { StoreCheck } from "./store-check.js";
import { type Open, reopened, summary, turn, withStore } from "./with-store.js";

/** Text that breaks naive storage: separators, escapes, surrogates, what looks like a record. */
export const awkward = [
  "emoji 👩‍👩‍👧‍👦 🇫🇷 and CJK 東京都 한국어",
  "right-to-left שלום مرحبا, combining e\u0301 and a zero-width\u200bspace",
  "NUL\u0000 bell\u0007 escape\u001b[31mred\u001b[0m",
  "line\nbreaks\r\nand\rreturns, separators\u2028\u2029, tabs\t",
  "quotes \" ' ` and backslashes \\ \\n \\u0000",
  '{"type":"turn","question":"not a record","answer":"x"}\n{"type":"summary"',
  "a lone surrogate \ud800 and \udfff",
  "",
];

export function recordChecks(options: Open): StoreCheck[] {
  return [
    {
      name: "stores any text exactly",
      run: () =>
        withStore(options, async (store) => {
          const records = awkward.map((text, index) => ({
            ...turn(text, `answer ${index}: ${text}`),
            standaloneQuestion: text.toUpperCase(),
          }));
          for (const record of records) await store.append("unicode", record);
          assert.deepEqual((await store.load("unicode")).records, records);
        }),
    },
    {
      name: "stores large records whole",
      run: () =>
        withStore(options, async (store) => {
          // About 4 MB of UTF-8, mixed widths so that bytes and characters differ.
          const large = "ascii-é-東-👍 ".repeat(250_000);
          const records = [turn("small before"), turn("large", large), turn("small after")];
          for (const record of records) await store.append("large", record);
          const loaded = await store.load("large");
          assert.equal(loaded.records.length, 3);
          const [, loadedLarge] = turnsOf(loaded.records);
          assert.equal(loadedLarge?.answer.length, large.length);
          assert.ok(loadedLarge?.answer === large, "the large answer comes back unchanged");
          assert.deepEqual(loaded.records, records);
        }),
    },
    {
      name: "deletes a session and nothing else",
      run: () =>
        withStore(options, async (store) => {
          await store.append("doomed", turn("d1"));
          await store.append("doomed", summary("about d1", 1));
          await store.append("kept", turn("k1"));
          await store.clear("doomed");
          assert.deepEqual(await store.load("doomed"), { records: [], warnings: [] });
          assert.deepEqual(
            (await store.list()).map((session) => session.name),
            ["kept"],
          );
          assert.deepEqual(
            turnsOf((await store.load("kept")).records).map((record) => record.question),
            ["k1"],
          );
          // Clearing what is not there is no error; a cleared name starts afresh.
          await store.clear("doomed");
          await store.clear("never-there");
          await store.append("doomed", turn("d2"));
          assert.deepEqual(
            (await store.load("doomed")).records.map((record) => record.type),
            ["turn"],
          );
        }),
    },
    {
      name: "keeps the newest summary with its session; summaries are not turns",
      run: () =>
        withStore(options, async (store) => {
          const records: SessionRecord[] = [
            turn("t1"),
            turn("t2"),
            summary("first two", 2),
            turn("t3"),
            summary("first three", 3),
          ];
          for (const record of records) await store.append("summed", record);
          const loaded = (await store.load("summed")).records;
          assert.deepEqual(turnsOf(loaded), turnsOf(records));
          assert.deepEqual(
            loaded.findLast((record) => record.type === "summary"),
            records.at(-1),
          );
          assert.deepEqual(
            (await store.list()).map(({ name, turns }) => ({ name, turns })),
            [{ name: "summed", turns: 3 }],
          );
        }),
    },
    {
      name: "keeps everything when the store is opened again",
      run: () =>
        withStore(options, async (store, location) => {
          const records = [turn("before"), summary("so far", 1), turn("after")];
          for (const record of records) await store.append("durable", record);
          await store.append("other", turn("o1"));
          const expected = await store.load("durable");
          const listed = await store.list();
          await reopened(options, location, async (again) => {
            assert.deepEqual(await again.load("durable"), expected);
            assert.deepEqual(await again.list(), listed);
            await again.append("durable", turn("from the reopened store"));
          });
          assert.equal(turnsOf((await store.load("durable")).records).length, 3);
        }),
    },
  ];
}
