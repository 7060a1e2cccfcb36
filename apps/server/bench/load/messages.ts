/** What the load bench's processes say to each other over their IPC channels. */
import type { GcWindow } from './gc-watch.js';
import type { MarkedHeap } from './marked-heap.js';
import type { StatementCensus, StatementNames } from './sql-census.js';

/** Timings of every bench table: the 5 s betting window, the rest short (docs/performance.md). */
export const LOAD_TIMINGS = {
  seedMs: 1_000,
  bettingMs: 5_000,
  lastBetsMs: 2_000,
  dealMs: 2_000,
  revealMs: 2_000,
  resultMs: 3_000,
} as const;

export const SEATS_PER_TABLE = 14;

export const benchTableId = (index: number): string => `load-${index}`;

/** Server process → orchestrator. */
export type ServerMessage =
  | { type: 'ready'; url: string }
  | { type: 'stats'; stats: ServerStats }
  | { type: 'profile'; path: string }
  | { type: 'heap'; heap: MarkedHeap };

/** Orchestrator → server process. */
export type ServerCommand =
  | { type: 'measure-start'; profile: string | null }
  | { type: 'measure-stop' }
  /** After the window and the bots' reports: force a full collection, read what it kept. */
  | { type: 'mark-heap'; snapshot: string | null };

export interface ServerStats {
  /** monitorEventLoopDelay over the measured window, ms. */
  loopDelay: { p50: number; p99: number; max: number; mean: number };
  /** Share of the window the event loop was busy (performance.eventLoopUtilization). */
  loopUtilization: number;
  /** The collector's pauses and the loop's longest stall in the window (gc-watch.ts). */
  gc: GcWindow;
  rssBytes: number;
  heapUsedBytes: number;
  roundsSettled: number;
  /** What crossed the sockets in the window, by kind: the shape the bare relay replays. */
  frames: FrameCensus;
  /** Statements sent to Postgres in the window, by name (sql-census.ts). */
  statements: StatementCensus;
  /** The SQL text of each statement the census named: how pg_stat_statements' rows are named. */
  statementNames: StatementNames;
}

/** Frames of one kind (a socket.io event name, or `ack`): how many and their bytes in all. */
export interface FrameCount {
  n: number;
  bytes: number;
}

/** Socket.io packets sent to and received from clients, counted once per socket. */
export interface FrameCensus {
  out: Record<string, FrameCount>;
  in: Record<string, FrameCount>;
}

export interface BotTable {
  tableId: string;
  /** Source address of this table's sockets, so no address reaches the per-address limits. */
  localAddress: string;
  /** Epoch ms at which the table's players sit down. */
  sitAt: number;
  /** Each player with the node it connects to: with several nodes, not always the table's owner. */
  guests: { token: string; seat: number; url: string }[];
}

/** Orchestrator → bot process. */
export type BotCommand =
  | { type: 'connect'; tables: BotTable[] }
  | { type: 'sit'; sitAt: Record<string, number> }
  | { type: 'report'; from: number; to: number }
  | { type: 'stop' };

/** Bot process → orchestrator. */
export type BotMessage =
  | { type: 'connected'; sockets: number; failures: string[] }
  | { type: 'report'; report: BotReport };

export interface BotReport {
  /** Send → ack of bets.confirm, ms, for bets sent inside the window. */
  betAcks: number[];
  /** betting.closed `at` (server clock) → round.result received, ms, one per client and round. */
  closeToResult: number[];
  /** Distinct table rounds whose round.result arrived inside the window (counted once a table). */
  rounds: number;
  /** When each of those results arrived, ms after the window opened. */
  roundTimes: number[];
  /** Rounds whose betting closed inside the window but some client never got the result. */
  missedResults: number;
  /** Refusals by code, for every command the bots sent inside the window. */
  refusals: Record<string, number>;
  ackTimeouts: number;
  disconnects: number;
  versionGaps: number;
  betsSent: number;
  /** table.event and table.private messages the bots received inside the window. */
  framesReceived: number;
  /** bets.confirm answered ok over the whole run, warm-up included. */
  betsAcked: number;
  /**
   * How late this bot process's event loop ran, ms, sampled every 20 ms inside the window: a
   * bot that is late notes its acks and results late, so this bounds what the bench itself
   * adds to the latencies it reports.
   */
  loopDelays: number[];
}
