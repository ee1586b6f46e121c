import assert from "node:assert/strict";
import { isLangchainMiniError, turnsOf } from "@langchain-mini/core";
import type { StoreCheck } from "./store-check.js";
import { nextMoment, type Open, turn, withStore } from "./with-store.js";

export function orderChecks(options: Open): StoreCheck[] {
  return [
    {
      name: "starts empty: an unknown session loads no records and the list is empty",
      run: () =>
        withStore(options, async (store) => {
          assert.deepEqual(await store.list(), []);
          assert.deepEqual(await store.load("never-used"), { records: [], warnings: [] });
        }),
    },
    {
      name: "keeps a session's records exactly, in the order they were appended",
      run: () =>
        withStore(options, async (store) => {
          const records = Array.from({ length: 30 }, (_, index) =>
            index % 3 === 1
              ? { ...turn(`follow-up ${index}`), standaloneQuestion: `standalone ${index}` }
              : turn(`question ${index}`),
          );
          for (const record of records) await store.append("ordered", record);
          const loaded = await store.load("ordered");
          assert.deepEqual(loaded.records, records);
          assert.deepEqual(loaded.warnings, []);
        }),
    },
    {
      name: "keeps sessions apart and lists them newest first with their turn counts",
      run: () =>
        withStore(options, async (store) => {
          const before = Date.now();
          await store.append("alpha", turn("a1"));
          await store.append("alpha", turn("a2"));
          await nextMoment();
          await store.append("beta", turn("b1"));
          await nextMoment();
          await store.append("gamma", turn("g1"));
          await nextMoment();
          await store.append("alpha", turn("a3"));
          const listed = await store.list();
          assert.deepEqual(
            listed.map(({ name, turns }) => ({ name, turns })),
            [
              { name: "alpha", turns: 3 },
              { name: "gamma", turns: 1 },
              { name: "beta", turns: 1 },
            ],
          );
          // A store need not know each session's last question; one that says it is right.
          const newest = listed[0]?.lastQuestion;
          if (newest !== undefined) assert.equal(newest, "a3");
          for (const { updatedAt } of listed) {
            assert.ok(updatedAt instanceof Date, "updatedAt is a Date");
            // Within a minute of the writes, whatever clock the store keeps.
            assert.ok(Math.abs(updatedAt.getTime() - before) < 60_000, `updatedAt ${updatedAt}`);
          }
          const questions = async (name: string) =>
            turnsOf((await store.load(name)).records).map((record) => record.question);
          assert.deepEqual(await questions("alpha"), ["a1", "a2", "a3"]);
          assert.deepEqual(await questions("beta"), ["b1"]);
        }),
    },
    {
      name: "takes session names that are also JavaScript property names",
      run: () =>
        withStore(options, async (store) => {
          const names = ["constructor", "toString", "hasOwnProperty", "valueOf", "prototype"];
          for (const name of names) {
            assert.deepEqual((await store.load(name)).records, [], `${name} starts empty`);
          }
          for (const name of names) await store.append(name, turn(name));
          for (const name of names) {
            const turns = turnsOf((await store.load(name)).records);
            assert.deepEqual(
              turns.map((record) => record.question),
              [name],
            );
          }
          const listed = (await store.list()).map((session) => session.name).sort();
          assert.deepEqual(listed, [...names].sort());
        }),
    },
    {
      name: "refuses names that could escape or collide, in every call, writing nothing",
      run: () =>
        withStore(options, async (store) => {
          const bad = ["../x", "a/b", "a\\b", "", "a b", ".hidden", "-x", "a:b", "__proto__"];
          bad.push("x".repeat(65), "a\nb", "a*", "*");
          for (const name of bad) {
            for (const call of [
              () => store.load(name),
              () => store.append(name, turn("q")),
              () => store.clear(name),
            ]) {
              await assert.rejects(call, (error: unknown) => {
                assert.ok(isLangchainMiniError(error), `${JSON.stringify(name)}: our error`);
                assert.equal(error.code, "config_invalid");
                return true;
              });
            }
          }
          assert.deepEqual(await store.list(), []);
        }),
    },
  ];
}
