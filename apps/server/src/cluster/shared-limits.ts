import type { Redis } from 'ioredis';
import { SharedCharges, type ChargeOptions } from './shared-charges.js';

// P1.6 across nodes: a player or an address gets one share of the whole cluster, not one per
// node. Counts and buckets live in Redis and change only inside Lua scripts, so two nodes
// admitting at the same moment cannot both slip under a cap.

/**
 * Live sockets: each node keeps its own counts in its own hash (`p:<player>`, `a:<address>`),
 * which lives only while the node renews it, so a node that dies takes its counts with it.
 * KEYS: every live node's hash, this node's first. ARGV: player field, address field, the
 * player cap, the address cap, the hash's time to live.
 */
const ADMIT = `
local players, addresses = 0, 0
for _, key in ipairs(KEYS) do
  players = players + (tonumber(redis.call('HGET', key, ARGV[1])) or 0)
  addresses = addresses + (tonumber(redis.call('HGET', key, ARGV[2])) or 0)
end
if addresses >= tonumber(ARGV[4]) then return 2 end
if players >= tonumber(ARGV[3]) then return 1 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0`;

/** KEYS[1]: this node's hash. ARGV: the fields whose socket just closed. */
const RELEASE = `
for _, field in ipairs(ARGV) do
  if redis.call('HINCRBY', KEYS[1], field, -1) <= 0 then redis.call('HDEL', KEYS[1], field) end
end
return 0`;

/**
 * Token buckets on Redis's clock (one clock for every node), all or nothing: one token is
 * taken from each bucket only when every one of them has one. KEYS: the buckets. ARGV: rate
 * per second and capacity of each, in KEYS' order. Returns {1, 0} or {0, ms until a token}.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local levels, wait = {}, 0
for i, key in ipairs(KEYS) do
  local rate, capacity = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  local held = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = tonumber(held[1]) or capacity
  local at = tonumber(held[2]) or now
  tokens = math.min(capacity, tokens + math.max(0, now - at) / 1000 * rate)
  levels[i] = tokens
  if tokens < 1 then wait = math.max(wait, math.ceil((1 - tokens) / rate * 1000)) end
end
local allowed = wait == 0
for i, key in ipairs(KEYS) do
  local rate, capacity = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  local tokens = levels[i]
  if allowed then tokens = tokens - 1 end
  redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', key, math.ceil(capacity / rate * 1000) + 1000)
end
if allowed then return {1, 0} end
return {0, wait}`;

interface LimitCommands {
  bancoAdmit(...args: (string | number)[]): Promise<number>;
  bancoRelease(...args: (string | number)[]): Promise<number>;
  bancoTake(...args: (string | number)[]): Promise<[number, number]>;
}

/** One bucket of a shared take: its key names the limit and who it limits. */
export interface SharedBucket {
  key: string;
  ratePerSecond: number;
  capacity: number;
}

export type SharedAdmission = { release: () => void } | { refused: 'player' | 'address' };

const nodeHash = (nodeId: string) => `banco:share:node:${nodeId}`;

export class SharedLimits {
  private readonly charged: SharedCharges[] = [];
  readonly nodeId: string;
  private renewal: NodeJS.Timeout | undefined;
  private readonly commands: LimitCommands;

  constructor(
    /** A connection of its own (not a subscriber's); closed by close(). */
    readonly redis: Redis,
    private readonly options: {
      nodeId: string;
      /** Every node alive now, as the cluster's beats tell it (this one included or not). */
      liveNodes: () => readonly string[];
      /** How long a silent node's counts still count: its beats' time to live. */
      aliveMs: number;
    },
  ) {
    this.nodeId = options.nodeId;
    redis.defineCommand('bancoAdmit', { lua: ADMIT });
    redis.defineCommand('bancoRelease', { numberOfKeys: 1, lua: RELEASE });
    redis.defineCommand('bancoTake', { lua: TAKE });
    this.commands = redis as unknown as LimitCommands;
  }

  /** Forgets what an earlier run of this node counted, then keeps this run's counts alive. */
  async start(): Promise<void> {
    await this.redis.del(nodeHash(this.options.nodeId));
    this.renewal = setInterval(
      () =>
        // Redis away: the next renewal tries again (the client's handler logged the outage).
        void this.redis
          .pexpire(nodeHash(this.options.nodeId), this.options.aliveMs)
          .catch(() => undefined),
      Math.max(50, Math.floor(this.options.aliveMs / 3)),
    );
    this.renewal.unref();
  }

  /** Counts one more socket for the player at the address, unless a cluster-wide cap is met. */
  async admit(
    playerId: string,
    address: string,
    caps: { socketsPerPlayer: number; socketsPerAddress: number },
  ): Promise<SharedAdmission> {
    const own = nodeHash(this.options.nodeId);
    const others = this.options.liveNodes().filter((id) => id !== this.options.nodeId);
    const fields = [`p:${playerId}`, `a:${address}`];
    const keys = [own, ...others.map(nodeHash)];
    const answer = await this.commands.bancoAdmit(
      keys.length,
      ...keys,
      ...fields,
      caps.socketsPerPlayer,
      caps.socketsPerAddress,
      this.options.aliveMs,
    );
    if (answer === 1) return { refused: 'player' };
    if (answer === 2) return { refused: 'address' };
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        void this.commands.bancoRelease(own, ...fields).catch(() => undefined);
      },
    };
  }

  /** Takes a token from every bucket, or from none and says how long until there is one. */
  async take(
    buckets: readonly SharedBucket[],
  ): Promise<{ allowed: true } | { allowed: false; waitMs: number }> {
    const [allowed, waitMs] = await this.commands.bancoTake(
      buckets.length,
      ...buckets.map((b) => `banco:share:bucket:${b.key}`),
      ...buckets.flatMap((b) => [b.ratePerSecond, b.capacity]),
    );
    return allowed === 1 ? { allowed: true } : { allowed: false, waitMs };
  }

  /** Buckets charged after the fact, a turn at a time (P13.5: a player's commands). */
  charges(prefix: string, options: ChargeOptions): SharedCharges {
    const charges = new SharedCharges(this.redis, prefix, options);
    this.charged.push(charges);
    return charges;
  }

  async close(): Promise<void> {
    for (const charges of this.charged) charges.close();
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = undefined;
    await this.redis.del(nodeHash(this.options.nodeId)).catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
  }
}
