import type { Redis } from 'ioredis';

// P13.5: players' command budgets across nodes, charged in one script a turn of CHARGE_EVERY_MS
// instead of one a command: a round of 14 bettors was ~90 of the ~120 Redis calls a round.

/**
 * Token buckets of one rate and capacity, one field each (`tokens:at`) in one hash per hour
 * (the hash ends with its hour: no field outlives a player). KEYS[1]: the hash. ARGV: rate per
 * second, capacity, the hash's time to live, then field and commands charged, pairs. Returns,
 * per field, 0 or the ms until the bucket has a token again (more commands passed than it had).
 */
const CHARGE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local rate, capacity = tonumber(ARGV[1]), tonumber(ARGV[2])
local fields = {}
for i = 4, #ARGV, 2 do fields[#fields + 1] = ARGV[i] end
local held = redis.call('HMGET', KEYS[1], unpack(fields))
local writes, waits = {}, {}
for k, field in ipairs(fields) do
  local count = tonumber(ARGV[3 + 2 * k])
  local tokens, at = capacity, now
  if held[k] then
    local cut = string.find(held[k], ':', 1, true)
    tokens = tonumber(string.sub(held[k], 1, cut - 1))
    at = tonumber(string.sub(held[k], cut + 1))
  end
  tokens = math.min(capacity, tokens + math.max(0, now - at) / 1000 * rate) - count
  local wait = 0
  if tokens < 0 then
    tokens = 0
    wait = math.ceil(1 / rate * 1000)
  end
  waits[k] = wait
  writes[#writes + 1] = field
  writes[#writes + 1] = tostring(tokens) .. ':' .. tostring(now)
end
redis.call('HSET', KEYS[1], unpack(writes))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return waits`;

/** How long commands are gathered before the cluster's buckets are charged for them. */
export const CHARGE_EVERY_MS = 200;
const HOUR_MS = 3_600_000;

interface ChargeCommands {
  bancoCharge(key: string, ...args: (string | number)[]): Promise<number[]>;
}

export interface ChargeOptions {
  ratePerSecond: number;
  capacity: number;
  /** A bucket spent across nodes: this node holds the player back for `waitMs`. */
  spent(field: string, waitMs: number): void;
  /** Redis could not be asked: this node counts alone meanwhile (T13.13). */
  failed(error: unknown): void;
}

/**
 * P13.5: commands are let through first and charged after; a bucket found spent holds its
 * player back on this node. One EVALSHA (and its four calls) a turn, whoever the players.
 */
export class SharedCharges {
  private readonly pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private readonly commands: ChargeCommands;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly options: ChargeOptions,
  ) {
    redis.defineCommand('bancoCharge', { numberOfKeys: 1, lua: CHARGE });
    this.commands = redis as unknown as ChargeCommands;
  }

  /**
   * The first command after a quiet turn is charged at once (with whatever else arrives in the
   * same loop turn), so a budget spent elsewhere stops a player within a round trip; commands
   * that follow within CHARGE_EVERY_MS wait for the next turn's one script.
   */
  charge(field: string): void {
    this.pending.set(field, (this.pending.get(field) ?? 0) + 1);
    if (this.timer) return;
    const wait = Math.max(0, this.lastFlush + CHARGE_EVERY_MS - performance.now());
    this.timer = setTimeout(() => void this.flush(), wait);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    this.lastFlush = performance.now();
    const charged = [...this.pending];
    this.pending.clear();
    const { ratePerSecond, capacity } = this.options;
    const hash = `${this.prefix}:${Math.floor(Date.now() / HOUR_MS)}`;
    try {
      const waits = await this.commands.bancoCharge(
        hash,
        ratePerSecond,
        capacity,
        2 * HOUR_MS,
        ...charged.flat(),
      );
      charged.forEach(([field], i) => {
        const waitMs = waits[i] ?? 0;
        if (waitMs > 0) this.options.spent(field, waitMs);
      });
    } catch (error) {
      this.options.failed(error);
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
