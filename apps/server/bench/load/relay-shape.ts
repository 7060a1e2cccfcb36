import type { FrameCensus, FrameCount } from './messages.js';

/** A mean count per round and a mean size: what one kind of frame costs a round. */
export interface FrameRate {
  perRound: number;
  bytes: number;
}

/**
 * What one round of one table put on the sockets in the Banco phase, per seated client: the
 * bare relay sends and receives exactly this, at the same cadence, with nothing behind it.
 */
export interface RelayShape {
  /** Mean time between one table's rounds in the Banco window. */
  roundMs: number;
  /** `table.event`: one frame to the table's room, so each client gets it once. */
  broadcast: FrameRate;
  /** Every other event the server sent (`table.private`, …): one frame to one socket. */
  unicast: FrameRate;
  /** The client's commands (events with an ack id) and the server's acks to them. */
  commands: FrameRate;
  acks: FrameRate;
}

/** The event every table broadcast rides on (@banco/protocol TABLE_EVENT). */
export const BROADCAST_EVENT = 'table.event';

const rate = (counts: FrameCount[], perRoundOf: number): FrameRate => {
  const n = counts.reduce((a, c) => a + c.n, 0);
  const bytes = counts.reduce((a, c) => a + c.bytes, 0);
  return { perRound: n / Math.max(1, perRoundOf), bytes: n === 0 ? 0 : bytes / n };
};

/**
 * `clientRounds` is rounds settled × clients at a table: every count is per socket, so this
 * turns them into frames a client gets (or sends) per round.
 */
export function relayShape(
  census: FrameCensus,
  opts: { roundsSettled: number; clientsPerTable: number; tables: number; windowMs: number },
): RelayShape {
  const clientRounds = opts.roundsSettled * opts.clientsPerTable;
  const others = Object.entries(census.out)
    .filter(([kind]) => kind !== BROADCAST_EVENT && kind !== 'ack')
    .map(([, c]) => c);
  return {
    roundMs: (opts.tables * opts.windowMs) / Math.max(1, opts.roundsSettled),
    broadcast: rate(census.out[BROADCAST_EVENT] ? [census.out[BROADCAST_EVENT]] : [], clientRounds),
    unicast: rate(others, clientRounds),
    commands: rate(Object.values(census.in), clientRounds),
    acks: rate(census.out.ack ? [census.out.ack] : [], clientRounds),
  };
}

/** Sums the census of several nodes. */
export function mergeCensus(all: readonly FrameCensus[]): FrameCensus {
  const merged: FrameCensus = { out: {}, in: {} };
  for (const census of all) {
    for (const side of ['out', 'in'] as const) {
      for (const [kind, c] of Object.entries(census[side])) {
        const to = (merged[side][kind] ??= { n: 0, bytes: 0 });
        to.n += c.n;
        to.bytes += c.bytes;
      }
    }
  }
  return merged;
}

/** A fractional count per round as a whole one: over many rounds the mean is `x`. */
export const wholeCount = (x: number, random: () => number = Math.random): number =>
  Math.floor(x) + (random() < x - Math.floor(x) ? 1 : 0);

/** JSON padding that makes a frame of `base` bytes `target` bytes long (never shorter). */
export const padding = (base: number, target: number): string =>
  'x'.repeat(Math.max(0, Math.round(target - base)));

/** Orchestrator → relay process: the ServerCommand pair, and when its tables start dealing. */
export type RelayCommand =
  | { type: 'measure-start'; profile: string | null }
  | { type: 'measure-stop' }
  | { type: 'start-rounds'; startAt: Record<string, number> };

/** Orchestrator → relay bot process: the bench bots' commands, with the shape to replay. */
export type RelayBotCommand =
  | {
      type: 'connect';
      tables: { tableId: string; guests: { seat: number; url: string }[] }[];
      shape: RelayShape;
    }
  | { type: 'report'; from: number; to: number }
  | { type: 'stop' };

/** The relay's frame on the room: what a bot needs to time a round, and padding to size it. */
export interface RelayFrame {
  k: 'open' | 'closed' | 'mid' | 'result';
  r: number;
  at: number;
  closesAt?: number;
  p: string;
}

/** The relay's command name: a client's command, padded to the size Banco's were. */
export const RELAY_COMMAND = 'command';
