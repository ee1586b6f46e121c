import { describe, expect, it } from "vitest";
import { parseRedisUrl } from "./redis-url.js";

describe("parseRedisUrl", () => {
  it("reads host, port, database, user and password as Redis users write them", () => {
    expect(parseRedisUrl("redis://localhost")).toEqual({
      host: "localhost",
      port: 6379,
      tls: false,
      database: 0,
      where: "redis://localhost:6379/0",
    });
    expect(parseRedisUrl("rediss://app:p%40ss%3Aword@cache.example.com:6380/3")).toEqual({
      host: "cache.example.com",
      port: 6380,
      tls: true,
      username: "app",
      password: "p@ss:word",
      database: 3,
      where: "rediss://cache.example.com:6380/3",
    });
    expect(parseRedisUrl("redis://:secret@10.0.0.5/")).toMatchObject({
      host: "10.0.0.5",
      password: "secret",
      database: 0,
    });
    expect(parseRedisUrl("redis://[::1]:7000/1")).toMatchObject({
      host: "::1",
      port: 7000,
      where: "redis://[::1]:7000/1",
    });
  });

  it("refuses what it cannot use in one line that never repeats the password", () => {
    const cases: [string, RegExp][] = [
      ["not a url :secret@", /^The Redis URL is not a URL: write redis:\/\//],
      ["http://:secret@host", /^A Redis URL starts with redis:\/\/ or rediss:\/\/, not http:\/\//],
      [
        "redis://:secret@host/zero",
        /^The path of the Redis URL redis:\/\/host:6379 must be a database number/,
      ],
      ["redis://:secret@host/0?prefix=x", /has options after \? or #, which are not read/],
    ];
    for (const [url, message] of cases) {
      try {
        parseRedisUrl(url);
        expect.unreachable(url);
      } catch (error) {
        expect(error).toMatchObject({ code: "config_invalid" });
        const text = (error as Error).message;
        expect(text).toMatch(message);
        expect(text).not.toContain("secret");
        expect(text).not.toContain("\n");
      }
    }
  });
});
