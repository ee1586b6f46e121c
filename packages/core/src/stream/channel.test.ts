import { describe, expect, it } from "vitest";
import { Channel } from "./channel.js";

async function readAll<Item>(iterable: AsyncIterable<Item>) {
  const items: Item[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe("Channel", () => {
  it("gives every item in order, those pushed before reading and while reading", async () => {
    const channel = new Channel<number>();
    channel.push(1);
    channel.push(2);
    const reading = readAll(channel);
    await Promise.resolve();
    channel.push(3);
    await new Promise((resolve) => setImmediate(resolve));
    channel.push(4);
    channel.push(5);
    channel.close();
    expect(await reading).toEqual([1, 2, 3, 4, 5]);
  });

  it("wakes a waiting reader for an item, and ends it on close", async () => {
    const channel = new Channel<string>();
    const iterator = channel[Symbol.asyncIterator]();
    const first = iterator.next();
    channel.push("a");
    expect(await first).toEqual({ value: "a", done: false });
    const second = iterator.next();
    channel.close();
    expect(await second).toEqual({ value: undefined, done: true });
    channel.push("late");
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it("serves reads asked for before any item came, in the order they were asked", async () => {
    const channel = new Channel<string>();
    const iterator = channel[Symbol.asyncIterator]();
    const reads = [iterator.next(), iterator.next(), iterator.next()];
    channel.push("a");
    channel.push("b");
    channel.close();
    expect(await Promise.all(reads)).toEqual([
      { value: "a", done: false },
      { value: "b", done: false },
      { value: undefined, done: true },
    ]);
  });

  it("fails a waiting reader at once, drops what was not read, and ends after the failure", async () => {
    const channel = new Channel<string>();
    const iterator = channel[Symbol.asyncIterator]();
    channel.push("read");
    expect(await iterator.next()).toEqual({ value: "read", done: false });
    const waiting = iterator.next();
    channel.fail(new Error("stopped"));
    await expect(waiting).rejects.toThrow("stopped");
    expect(await iterator.next()).toEqual({ value: undefined, done: true });

    const unread = new Channel<string>();
    unread.push("never seen");
    unread.fail(new Error("stopped"));
    await expect(readAll(unread)).rejects.toThrow("stopped");
  });

  it("ends a reader that stops early, leaving the rest for take", async () => {
    const channel = new Channel<number>();
    for (const item of [1, 2, 3, 4]) channel.push(item);
    const seen: number[] = [];
    for await (const item of channel) {
      seen.push(item);
      if (item === 2) break;
    }
    expect(seen).toEqual([1, 2]);
    expect(channel.take()).toEqual([3, 4]);
  });

  it("keeps thousands of items in order across its batched clean-up", async () => {
    const channel = new Channel<number>();
    const count = 5_000;
    const reading = readAll(channel);
    for (let item = 0; item < count; item++) {
      channel.push(item);
      if (item % 700 === 0) await Promise.resolve();
    }
    channel.close();
    expect(await reading).toEqual(Array.from({ length: count }, (_, item) => item));
  });
});
