import type { ChatLocks, ChatRun } from "./coordination.js";
import type { RedisClient } from "./redis-clients.js";
import type { ServeKeys } from "./redis-keys.js";

/**
 * Takes the chat for a run unless another run holds it (the holder itself may claim again:
 * a run taken over, or resumed, starts a new part of its feed). The claim expires unless
 * renewed, so a chat whose process died frees itself.
 */
const CLAIM = `
local holder = redis.call('HGET', KEYS[1], 'runId')
if holder and holder ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'runId', ARGV[1], 'from', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/** Extends the claim if this run still holds it: never brings back a claim that is gone. */
const RENEW = `
if redis.call('HGET', KEYS[1], 'runId') ~= ARGV[1] then return 0 end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
`;

/** Frees the chat if this run still holds it (another run's claim stays). */
const RELEASE = `
if redis.call('HGET', KEYS[1], 'runId') ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])
`;

/** Chat claims as Redis hashes with an expiry that the process running the run renews. */
export class RedisChatLocks implements ChatLocks {
  readonly #client: RedisClient;
  readonly #keys: ServeKeys;
  readonly #claimMs: number;

  constructor(client: RedisClient, keys: ServeKeys, claimMs: number) {
    this.#client = client;
    this.#keys = keys;
    this.#claimMs = claimMs;
  }

  async claim(chat: string, run: ChatRun): Promise<boolean> {
    const taken = await this.#client.eval(CLAIM, {
      keys: [this.#keys.chat(chat)],
      arguments: [run.runId, String(run.from), String(this.#claimMs)],
    });
    return taken === 1;
  }

  async renew(chat: string, runId: string): Promise<void> {
    await this.#client.eval(RENEW, {
      keys: [this.#keys.chat(chat)],
      arguments: [runId, String(this.#claimMs)],
    });
  }

  async release(chat: string, runId: string): Promise<void> {
    await this.#client.eval(RELEASE, { keys: [this.#keys.chat(chat)], arguments: [runId] });
  }

  async running(chat: string): Promise<ChatRun | undefined> {
    const claim = await this.#client.hGetAll(this.#keys.chat(chat));
    const runId = claim.runId;
    const from = Number(claim.from);
    if (typeof runId !== "string" || !Number.isSafeInteger(from)) return undefined;
    return { runId, from };
  }
}
