/**
 * Window budgets in Redis, shared by every process and replica that names the same Redis and key prefix. Each
 * charge is one Lua script (atomic: the check and the add cannot interleave with another replica's), timed by
 * Redis `TIME` (one clock for all replicas), and every key it writes has a TTL a little past its window.
 * - fixed window: a counter per window start (`INCRBYFLOAT`);
 * - sliding window: a sorted set of the window's charges (score: when; member: `amount:chargeId`), old ones
 *   removed on each charge; the exact sum over the last `seconds`.
 * Keys carry a hash tag (`{prefix...budget:key}`), so the keys of one budget and key stay in one cluster slot.
 */
import { createRequire } from "node:module";
import type * as IoRedis from "ioredis";
import type { Redis, RedisOptions } from "ioredis";
import type { BudgetStore, WindowCharge, WindowResult } from "./store.js";

const CHARGE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local amount = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local span = tonumber(ARGV[3]) * 1000
if ARGV[4] == 'fixed' then
  local start = now - (now % span)
  local key = KEYS[1] .. ':f:' .. start
  local used = tonumber(redis.call('GET', key) or '0')
  local reset = (start + span - now) / 1000
  if used + amount > max then return {0, tostring(used), tostring(reset), ''} end
  if ARGV[6] == '1' then return {1, tostring(used + amount), tostring(reset), ''} end
  local total = redis.call('INCRBYFLOAT', key, amount)
  redis.call('PEXPIRE', key, span + 1000)
  return {1, tostring(total), tostring(reset), 'f|' .. key .. '|' .. ARGV[1]}
end
local key = KEYS[1] .. ':s'
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - span)
local members = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
local used = 0
for i = 1, #members, 2 do used = used + tonumber(string.match(members[i], '^([^:]+):')) end
if used + amount > max then
  local oldest = tonumber(members[2] or now)
  return {0, tostring(used), tostring((oldest + span - now) / 1000), ''}
end
if ARGV[6] == '1' then return {1, tostring(used + amount), tostring(span / 1000), ''} end
local member = ARGV[1] .. ':' .. ARGV[5]
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, span + 1000)
return {1, tostring(used + amount), tostring(span / 1000), 's|' .. key .. '|' .. member}
`;

/*
 * ioredis is loaded when the first store is made, not when this module is imported: the package root exports
 * `createRedisBudgetStore`, and an app without window budgets must not pay for a Redis client. ioredis is CommonJS,
 * so a synchronous require() keeps the factory synchronous (as serve-deps.ts does for pino).
 */
const requireHere = createRequire(import.meta.url);
let ioredis: typeof IoRedis | undefined;
function loadIoRedis(): typeof IoRedis {
  ioredis ??= requireHere("ioredis") as typeof IoRedis;
  return ioredis;
}

// A refund only undoes what is still there: an expired window is not recreated without a TTL.
const REFUND = `
if ARGV[1] == 'f' then
  if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('INCRBYFLOAT', KEYS[1], '-' .. ARGV[2]) end
  return 1
end
return redis.call('ZREM', KEYS[1], ARGV[2])
`;

export interface RedisBudgetStoreOptions {
  /** `redis://user:password@host:port/db`, or `rediss://` for TLS. */
  url: string;
  /** Prefix of every key (default `tollgate:budget:`): lets deployments share one Redis. */
  prefix?: string;
  /** How long a charge may wait for Redis before the call fails closed (default 2000 ms). */
  commandTimeoutMs?: number;
  /** Further ioredis options (`tls`, `username`, `password`, `connectTimeout`...). */
  redis?: RedisOptions;
}

interface Scripted {
  tollgateCharge(key: string, ...args: string[]): Promise<[number, string, string, string]>;
  tollgateRefund(key: string, ...args: string[]): Promise<number>;
}

export class RedisBudgetStore implements BudgetStore {
  readonly client: Redis;
  readonly #prefix: string;

  constructor(options: RedisBudgetStoreOptions) {
    this.#prefix = options.prefix ?? "tollgate:budget:";
    this.client = new (loadIoRedis().Redis)(options.url, {
      commandTimeout: options.commandTimeoutMs ?? 2000,
      maxRetriesPerRequest: 1,
      ...options.redis,
    });
    // Errors reach the caller through the failed command; without a listener ioredis would log each reconnect.
    this.client.on("error", () => {});
    this.client.defineCommand("tollgateCharge", { numberOfKeys: 1, lua: CHARGE });
    this.client.defineCommand("tollgateRefund", { numberOfKeys: 1, lua: REFUND });
  }

  async charge(c: WindowCharge): Promise<WindowResult> {
    const key = `{${this.#prefix}${encodeURIComponent(c.budgetId)}:${encodeURIComponent(c.key)}}`;
    const [ok, used, reset, token] = await (this.client as unknown as Scripted).tollgateCharge(
      key,
      String(c.amount),
      String(c.max),
      String(c.seconds),
      c.kind,
      c.chargeId,
      c.dryRun ? "1" : "0",
    );
    return {
      allowed: ok === 1,
      used: Number(used),
      resetsInSeconds: Number(reset),
      ...(token ? { token } : {}),
    };
  }

  async refund(token: string): Promise<void> {
    const [kind, key, what] = token.split("|");
    if (!kind || !key || !what) return;
    await (this.client as unknown as Scripted).tollgateRefund(key, kind, what);
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}

/** A Redis budget store (see `RedisBudgetStoreOptions`); pass it as the engine's `budgetStore`. */
export function createRedisBudgetStore(options: RedisBudgetStoreOptions): RedisBudgetStore {
  return new RedisBudgetStore(options);
}
