import type { TableLeases } from './leases.js';
import type { LocalPresence } from './local-presence.js';
import type { LiveTables } from './registry.js';
import type { TableLog, TableOutbox, TablePort } from '../table/runtime/table-port.js';
import { ClusterBus } from './bus.js';
import type { BeatTable, Heartbeat, NodeMessage, OwnedTable, Request } from './messages.js';
import { Announcement } from './announcement.js';
import { OwnerAsks } from './asks.js';
import { Claims, type ClaimsLink } from './claims.js';
import { KnownTables } from './known-tables.js';
import { LocalPorts } from './local-ports.js';
import { BEATS_BEFORE_GONE, Members } from './members.js';
import { RemotePresence } from './remote-presence.js';
import { RemoteTable } from './remote-table.js';
import { serveRequest } from './serve.js';
import { SharedLimits } from './shared-limits.js';
import { TableWord } from './table-word.js';

// T12: any node serves any client. A table runs on the node holding its lease (T12); the others
// forward their sockets' commands to it and replay its events to their sockets, over Redis.
// This file wires the parts and keeps the beat: members.ts (who is alive, who runs what),
// known-tables.ts (what the beats told), remote-presence.ts, asks.ts and serve.ts (requests to
// and from owners), table-word.ts (a table's events on the bus), claims.ts, shared-limits.ts.

export interface ClusterOptions {
  redisUrl: string;
  nodeId: string;
  leases: TableLeases;
  /** How often this node says what it runs and looks for tables to claim. */
  beatMs: number;
}

export interface ClusterLink extends ClaimsLink {
  live: LiveTables;
  /** The gateway's outbox for a table: its sockets on this node. */
  outboxFor(tableId: string): TableOutbox;
  log: TableLog;
  /** Who has a socket at each table on this node (the gateway's count, T13.9). */
  presence: LocalPresence;
  /**
   * T13.19: this node's public tables (PUBLIC_TABLES): the lobby lists one that resumes
   * elsewhere only while it is among them (a table dropped from them never runs again).
   */
  publicTables: ReadonlySet<string>;
}

/** What a node knows of the cluster, and its part in it. */
export class Cluster {
  readonly bus: ClusterBus;
  readonly nodeId: string;
  /** P1.6 across nodes: sockets, connects, commands, HTTP and logins counted once for all. */
  readonly limits: SharedLimits;
  private link: ClusterLink | undefined;
  private readonly members: Members;
  private readonly known = new KnownTables();
  /** At tables this node runs: players with sockets on other nodes, and which nodes. */
  private readonly remotePresent: RemotePresence;
  private readonly asks: OwnerAsks;
  private readonly word: TableWord;
  private readonly announcement: Announcement;
  private readonly claims: Claims;
  private readonly remotes = new Map<string, RemoteTable>();
  private readonly localPorts: LocalPorts;
  private ticker: NodeJS.Timeout | undefined;
  private closing: Promise<void> | undefined;
  draining = false;

  constructor(private readonly options: ClusterOptions) {
    this.nodeId = options.nodeId;
    const aliveMs = options.beatMs * BEATS_BEFORE_GONE;
    this.members = new Members(options.nodeId, aliveMs);
    this.remotePresent = new RemotePresence(
      (tableId, playerId) => this.link?.presence.has(tableId, playerId) ?? false,
    );
    this.localPorts = new LocalPorts(
      (tableId, playerId, connected) => this.presence(tableId, playerId, connected),
      (tableId) => this.link?.presence.playersAt(tableId) ?? [],
    );
    this.announcement = new Announcement(options.nodeId, options.leases);
    this.claims = new Claims(options.nodeId, aliveMs, () => this.draining);
    this.bus = new ClusterBus(
      options.redisUrl,
      options.nodeId,
      {
        request: (request) => serveRequest(this.nodeId, this.link?.live, request),
        presence: (message) => this.remotePresence(message),
        table: (tableId, message) =>
          this.word.mirror(tableId, message, this.link && this.here(this.link, tableId)),
        heartbeat: (beat) => this.heard(beat),
        deaf: () => this.members.deaf(),
        hearing: () => this.members.hearing(),
      },
      { error: (obj, msg) => this.link?.log.error(obj, msg) },
    );
    this.asks = new OwnerAsks(
      this.bus,
      this.members,
      (tableId) => (this.link?.presence.count(tableId) ?? 0) > 0,
    );
    this.word = new TableWord(options.nodeId, this.bus, options.leases, this.known, aliveMs, (id) =>
      this.remotePresent.any(id),
    );
    this.limits = new SharedLimits(this.bus.client(), {
      nodeId: options.nodeId,
      liveNodes: () => this.members.aliveBeats().map((beat) => beat.node),
      aliveMs,
    });
  }

  async connect(): Promise<void> {
    await this.bus.start();
    await this.limits.start();
  }

  /** Starts taking part once the tables and the gateway exist: beats, claims, serves. */
  async attach(link: ClusterLink): Promise<void> {
    this.link = link;
    try {
      for (const { beat, ageMs } of await this.bus.currentBeats(this.members.aliveMs)) {
        this.heard(beat, ageMs);
      }
    } catch (error) {
      // Not fatal: the next beats tell the same, a beat later.
      link.log.error({ err: error }, "could not read the other nodes' beats");
    }
    await this.claimFree();
    this.beat();
    this.ticker = setInterval(() => this.tick(), this.options.beatMs);
    this.ticker.unref();
  }

  /** The outbox a table running here speaks through: its sockets here, and the other nodes. */
  outboxFor(tableId: string, local: TableOutbox): TableOutbox {
    return this.word.outboxFor(tableId, local);
  }

  /** The table as this node's gateway sees it: here, elsewhere, or unknown. */
  port(tableId: string): TablePort | undefined {
    const actor = this.link?.live.get(tableId);
    if (actor) return this.localPorts.port(tableId, actor);
    if (!this.lastKnown(tableId)) return undefined;
    let remote = this.remotes.get(tableId);
    if (!remote) {
      remote = new RemoteTable(tableId, this);
      this.remotes.set(tableId, remote);
    }
    return remote;
  }

  /**
   * Public tables other nodes run, for the lobby; and T13.19, those of this node's public
   * tables that no live node runs since their owner left: they resume, here or elsewhere.
   */
  remotePublic(): TablePort[] {
    const ids = new Set<string>();
    for (const beat of this.members.aliveBeats()) {
      for (const t of beat.tables) if (this.known.isPublic(t.id)) ids.add(t.id);
    }
    for (const id of this.link?.publicTables ?? []) {
      if (this.known.isPublic(id) && !this.ownerOf(id)) ids.add(id);
    }
    return [...ids].flatMap((id) => (this.link?.live.get(id) ? [] : (this.port(id) ?? [])));
  }

  /** The owner of a table as the latest beats tell it, while that node is alive. */
  ownerOf(tableId: string): { node: string; table: BeatTable } | undefined {
    return this.members.ownerOf(tableId);
  }

  /** True when a live node other than this one runs the table now. */
  runsElsewhere(tableId: string): boolean {
    const owner = this.ownerOf(tableId);
    return owner !== undefined && owner.node !== this.nodeId;
  }

  /**
   * The last announcement of a table, even from a node now gone or one that handed it over:
   * while it moves, its players hear MOVING, not UNKNOWN_TABLE (T13.10).
   */
  lastKnown(tableId: string): OwnedTable | undefined {
    return this.known.get(tableId);
  }

  /** T13.8, T13.10: asks the table's owner (asks.ts). */
  ask(request: Request): Promise<unknown> {
    return this.asks.ask(request);
  }

  /** T13.9: a player's first socket at a table on this node arrived, or the last one left. */
  presence(tableId: string, playerId: string, connected: boolean): void {
    const actor = this.link?.live.get(tableId);
    if (actor) {
      if (!this.remotePresent.elsewhere(tableId, playerId)) actor.presence(playerId, connected);
      return;
    }
    // T13.8: this node hears a table's word while it has a socket there.
    if (connected) void this.bus.watch(tableId);
    else if (!this.link?.presence.count(tableId)) this.bus.unwatch(tableId);
    const owner = this.ownerOf(tableId);
    if (owner) {
      this.bus.send(owner.node, { k: 'presence', from: this.nodeId, tableId, playerId, connected });
    }
  }

  /** Stops beating and claiming; the tables are stopped by their registry. */
  /** Safe to call twice (a graceful stop's shutdown, then its close): the bus quits once. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = undefined;
      this.beat();
      await Promise.all([this.bus.close(), this.limits.close()]);
    })();
    return this.closing;
  }

  /** T13.12: announces that this node is leaving: the others stop counting on it for a share. */
  startDraining(): void {
    this.draining = true;
    this.beat();
  }

  /**
   * A table started, stopped or was fenced off here. A table that stopped with sockets still
   * here is heard on the bus at once: the node that claims it next voids or resumes its round
   * as its first word, and a subscription made at the next tick, or on the new owner's beat,
   * could come too late for it (T13.8).
   */
  tablesChanged(): void {
    if (this.link) this.watchTables(this.link);
    this.beat();
  }

  beat(): void {
    const live = this.link?.live;
    if (!live) return;
    for (const id of this.localPorts.prune(live)) this.remotePresent.forget(id);
    // A table just claimed learns at once who is here (T13.9).
    for (const actor of live.list()) this.localPorts.port(actor.id, actor);
    const { beat, whole } = this.announcement.next(live, this.link?.presence, this.draining);
    this.heard(beat);
    this.bus.beat(beat, this.members.aliveMs, whole);
  }

  /** What of this node a table's word replayed here needs (table-word.ts). */
  private here(link: ClusterLink, tableId: string) {
    return {
      runs: link.live.get(tableId) !== undefined,
      watchers: link.presence.count(tableId),
      outboxes: (id: string) => link.outboxFor(id),
    };
  }

  private remotePresence(message: Extract<NodeMessage, { k: 'presence' }>): void {
    const { tableId, playerId, connected, from } = message;
    const actor = this.link?.live.get(tableId);
    if (actor) this.remotePresent.set(actor, playerId, from, connected);
  }

  private heard(beat: Heartbeat, ageMs = 0): void {
    const wasAlive = this.members.heard(beat, ageMs);
    // A new owner (a failover, a hand-over) hears of this node's players at once, not a beat later.
    let newOwner = false;
    for (const entry of beat.tables) {
      const id = entry.id;
      const link = this.link;
      if (this.known.learn(entry) && link?.presence.count(id)) {
        newOwner = true;
        // T13.16: the sockets here at a table that moved to another node are told to follow it.
        if (beat.node !== this.nodeId && !link.live.get(id)) {
          void this.bus.watch(id);
          this.word.mirrorOf(id, (tableId) => link.outboxFor(tableId)).pointTo?.(beat.node);
        }
      }
    }
    if (beat.node === this.nodeId) return;
    for (const table of beat.tables) this.known.raiseFloor(table.id, table.epoch);
    this.asks.dropStale();
    if (this.link) this.remotePresent.reconcile(beat, this.link.live);
    // A node back from silence (a Redis restart) may have taken this one for gone: it hears
    // this node's players at once (T13.13).
    if (newOwner || !wasAlive) this.beat();
  }

  /** What the bus hears follows where this node's sockets are, each beat (T13.8). */
  private watchTables(link: ClusterLink): void {
    for (const [tableId] of link.presence.tables()) {
      if (!link.live.get(tableId)) void this.bus.watch(tableId);
    }
    for (const tableId of [...this.bus.watching()]) {
      if (link.live.get(tableId) || !link.presence.count(tableId)) this.bus.unwatch(tableId);
    }
  }

  private tick(): void {
    this.beat();
    if (this.link) this.watchTables(this.link);
    this.asks.dropStale();
    // T13.9: the sockets of a node gone silent are gone too.
    for (const node of this.members.gone()) this.remotePresent.nodeGone(node, this.link?.live);
    void this.claimFree();
  }

  /** T13.7, T13.14: claims up to this node's share, gives up what is over it. */
  private claimFree(): Promise<void> {
    const link = this.link;
    if (!link) return Promise.resolve();
    return this.claims.claimFree(link, () =>
      this.members
        .aliveBeats()
        .filter((beat) => !beat.draining)
        .map((beat) => ({ node: beat.node, tables: beat.tables.length })),
    );
  }
}
