import type { AckError, CommandName } from '@banco/protocol';
import type { TableLeases } from './leases.js';
import type { LocalPresence } from '../table/local-presence.js';
import type { LiveTables } from './registry.js';
import type { TableLog, TableOutbox, TablePort } from '../table/table-port.js';
import { ClusterBus, RequestFailed } from './bus.js';
import type {
  BeatTable,
  Heartbeat,
  NodeMessage,
  OwnedTable,
  Request,
  TableDetails,
  TableMessage,
} from './messages.js';
import { Announcement } from './announcement.js';
import { Claims, type ClaimsLink } from './claims.js';
import { RemoteTable } from './remote-table.js';
import { SharedLimits } from './shared-limits.js';

// T12: any node serves any client. A table runs on the node holding its lease (T12); the others
// forward their sockets' commands to it and replay its events to their sockets, over Redis.

/** Commands that carry their own entry check at the table (T11.1): the rest are checked first. */
const ENTRY_COMMANDS: ReadonlySet<CommandName> = new Set([
  'table.join',
  'table.resync',
  'table.leave',
  'table.snapshot',
]);

/** A node silent for this many beats is taken for gone: its sockets' presence ends (T13.9). */
const BEATS_BEFORE_GONE = 3;

/**
 * Requests that only read or enter a table: asked again of a table's new owner when the one
 * asked lost it before answering (P13.2: a resync is answered as soon as the table is back).
 * Anything else is answered MOVING and sent again by the client (P13.2).
 */
const ASKED_AGAIN: ReadonlySet<CommandName> = new Set([
  'table.join',
  'table.resync',
  'table.snapshot',
]);

interface Asking {
  tableId: string;
  node: string;
  epoch: number;
  controller: AbortController;
}

export interface ClusterOptions {
  redisUrl: string;
  nodeId: string;
  leases: TableLeases;
  /** How often this node says what it runs and looks for tables to claim. */
  beatMs: number;
}

interface Seen {
  beat: Heartbeat;
  at: number;
}

export interface ClusterLink extends ClaimsLink {
  live: LiveTables;
  /** The gateway's outbox for a table: its sockets on this node. */
  outboxFor(tableId: string): TableOutbox;
  log: TableLog;
  /** Who has a socket at each table on this node (the gateway's count, T13.9). */
  presence: LocalPresence;
}

/** What a node knows of the cluster, and its part in it. */
export class Cluster {
  readonly bus: ClusterBus;
  readonly nodeId: string;
  /** P1.6 across nodes: sockets, connects, commands, HTTP and logins counted once for all. */
  readonly limits: SharedLimits;
  private link: ClusterLink | undefined;
  private readonly nodes = new Map<string, Seen>();
  /** Highest epoch heard of per table: a message under a lower one is a fenced node's (T13.10). */
  private readonly floors = new Map<string, number>();
  /** At tables this node runs: players with sockets on other nodes, and which nodes. */
  private readonly remotePresent = new Map<string, Map<string, Set<string>>>();
  private readonly mirrors = new Map<string, TableOutbox>();
  /** Requests waiting for an owner's answer: dropped at once when the table leaves that owner. */
  private readonly asking = new Set<Asking>();
  /**
   * Since when this node's receiving connection to Redis is down. Meanwhile nobody's silence
   * counts: a node that cannot hear takes no other node for gone (T13.9).
   */
  private deafSince: number | undefined;
  /** Every table announced so far, at its highest epoch. */
  private readonly known = new Map<string, OwnedTable>();
  /** The latest details heard of each table (a beat carries them only when they changed). */
  private readonly details = new Map<string, TableDetails>();
  private readonly announcement: Announcement;
  private readonly claims: Claims;
  private readonly remotes = new Map<string, RemoteTable>();
  private readonly localPorts = new Map<string, { actor: TablePort; port: TablePort }>();
  private ticker: NodeJS.Timeout | undefined;
  private closing: Promise<void> | undefined;
  draining = false;

  constructor(private readonly options: ClusterOptions) {
    this.nodeId = options.nodeId;
    this.announcement = new Announcement(options.nodeId, options.leases);
    this.claims = new Claims(
      options.nodeId,
      options.beatMs * BEATS_BEFORE_GONE,
      () => this.draining,
    );
    this.bus = new ClusterBus(
      options.redisUrl,
      options.nodeId,
      {
        request: (request) => this.serve(request),
        presence: (message) => this.remotePresence(message),
        table: (tableId, message) => this.mirror(tableId, message),
        heartbeat: (beat) => this.heard(beat),
        deaf: () => {
          this.deafSince ??= performance.now();
        },
        hearing: () => this.hearing(),
      },
      { error: (obj, msg) => this.link?.log.error(obj, msg) },
    );
    this.limits = new SharedLimits(this.bus.client(), {
      nodeId: options.nodeId,
      liveNodes: () => this.aliveNodes().map((seen) => seen.beat.node),
      aliveMs: options.beatMs * BEATS_BEFORE_GONE,
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
      const aliveMs = this.options.beatMs * BEATS_BEFORE_GONE;
      for (const { beat, ageMs } of await this.bus.currentBeats(aliveMs)) this.heard(beat, ageMs);
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
    // The table is ours now: what another owner said of it is no longer replayed here.
    this.mirrors.get(tableId)?.release?.();
    this.mirrors.delete(tableId);
    const since = performance.now();
    const graceMs = this.options.beatMs * BEATS_BEFORE_GONE;
    /**
     * T13.8: the table's word crosses the bus only while another node has a socket at it (its
     * presence reaches this node before any command of that socket does). For three beats after
     * the table came here it always does: the other nodes' players are heard of a beat later.
     */
    const heardElsewhere = () =>
      (this.remotePresent.get(tableId)?.size ?? 0) > 0 || performance.now() - since < graceMs;
    const say = (message: DistributiveOmit<TableMessage, 'node' | 'epoch'>): boolean => {
      const epoch = this.options.leases.epochOf(tableId);
      // T13.3: a table whose lease this node no longer trusts says nothing more, here or there.
      if (epoch === undefined) return false;
      this.raiseFloor(tableId, epoch);
      if (heardElsewhere()) {
        this.bus.publishTable(tableId, { ...message, node: this.nodeId, epoch } as TableMessage);
      }
      return true;
    };
    return {
      broadcast: (event) => {
        if (say({ k: 'event', event })) local.broadcast(event);
      },
      sendPrivate: (playerId, message) => {
        if (say({ k: 'private', playerId, message })) local.sendPrivate(playerId, message);
      },
      eject: (playerId) => {
        say({ k: 'eject', playerId });
        local.eject(playerId);
      },
      release: () => local.release?.(),
    };
  }

  /** The table as this node's gateway sees it: here, elsewhere, or unknown. */
  port(tableId: string): TablePort | undefined {
    const actor = this.link?.live.get(tableId);
    if (actor) return this.localPort(tableId, actor);
    if (!this.lastKnown(tableId)) return undefined;
    let remote = this.remotes.get(tableId);
    if (!remote) {
      remote = new RemoteTable(tableId, this);
      this.remotes.set(tableId, remote);
    }
    return remote;
  }

  /** Public tables other nodes run, for the lobby. */
  remotePublic(): TablePort[] {
    const ids = new Set<string>();
    for (const { beat } of this.aliveNodes()) {
      for (const t of beat.tables) if (this.details.get(t.id)?.definition.isPublic) ids.add(t.id);
    }
    return [...ids].flatMap((id) => (this.link?.live.get(id) ? [] : (this.port(id) ?? [])));
  }

  /** The owner of a table as the latest beats tell it, while that node is alive. */
  ownerOf(tableId: string): { node: string; table: BeatTable } | undefined {
    let best: { node: string; table: BeatTable; alive: boolean } | undefined;
    for (const [node, seen] of this.nodes) {
      const table = seen.beat.tables.find((t) => t.id === tableId);
      if (table && (!best || table.epoch > best.table.epoch)) {
        best = { node, table, alive: this.alive(seen) };
      }
    }
    return best?.alive ? { node: best.node, table: best.table } : undefined;
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

  /**
   * T13.8: asks the table's owner; RequestFailed (moved) when there is none right now, or as
   * soon as the owner asked is gone or another node runs the table: then a read or an entry is
   * asked again of the new owner, once, if there is one already.
   */
  async ask(request: Request): Promise<unknown> {
    const again = request.k !== 'cmd' || ASKED_AGAIN.has(request.name);
    for (let attempt = 0; ; attempt++) {
      const owner = this.ownerOf(request.tableId);
      if (!owner) throw new RequestFailed(`no live node runs ${request.tableId} right now`, true);
      const asking: Asking = {
        tableId: request.tableId,
        node: owner.node,
        epoch: owner.table.epoch,
        controller: new AbortController(),
      };
      this.asking.add(asking);
      try {
        // P6 across nodes: the events a command causes are heard here before its ack.
        if (this.link?.presence.count(request.tableId)) await this.bus.watch(request.tableId);
        return await this.bus.ask(owner.node, request, asking.controller.signal);
      } catch (error) {
        const left = asking.controller.signal.aborted;
        if (!left || !again || attempt > 0) throw error;
      } finally {
        this.asking.delete(asking);
      }
    }
  }

  /** Requests to an owner that no longer runs their table will get no answer: end them now. */
  private dropStaleAsks(): void {
    for (const asking of this.asking) {
      const owner = this.ownerOf(asking.tableId);
      if (owner?.node === asking.node && owner.table.epoch === asking.epoch) continue;
      asking.controller.abort();
    }
  }

  /** T13.9: a player's first socket at a table on this node arrived, or the last one left. */
  presence(tableId: string, playerId: string, connected: boolean): void {
    const actor = this.link?.live.get(tableId);
    if (actor) {
      const elsewhere = (this.remotePresent.get(tableId)?.get(playerId)?.size ?? 0) > 0;
      if (!elsewhere) actor.presence(playerId, connected);
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

  beat(): void {
    const live = this.link?.live;
    if (!live) return;
    for (const id of this.localPorts.keys()) {
      if (!live.get(id)) {
        this.localPorts.delete(id);
        this.remotePresent.delete(id);
      }
    }
    // A table just claimed learns at once who is here (T13.9).
    for (const actor of live.list()) this.localPort(actor.id, actor);
    const { beat, whole } = this.announcement.next(live, this.link?.presence, this.draining);
    this.heard(beat);
    this.bus.beat(beat, this.options.beatMs * BEATS_BEFORE_GONE, whole);
  }

  private localPort(tableId: string, actor: TablePort): TablePort {
    const cached = this.localPorts.get(tableId);
    if (cached?.actor === actor) return cached.port;
    const port: TablePort = {
      id: actor.id,
      get name() {
        return actor.name;
      },
      get settings() {
        return actor.settings;
      },
      command: (playerId, name, payload) => actor.command(playerId, name, payload),
      snapshot: (playerId) => actor.snapshot(playerId),
      presence: (playerId, connected) => this.presence(tableId, playerId, connected),
      seatedCount: () => actor.seatedCount(),
      seatOf: (playerId) => actor.seatOf(playerId),
      ...(actor.seatsHeld ? { seatsHeld: () => actor.seatsHeld!() } : {}),
      spectatorCount: () => actor.spectatorCount(),
      knows: (playerId) => actor.knows(playerId),
      entryRefusal: (playerId) => actor.entryRefusal(playerId),
      problems: () => actor.problems(),
      shutdown: () => actor.shutdown(),
      close: () => actor.close(),
    };
    this.localPorts.set(tableId, { actor, port });
    // The players here already were present at the table under its previous owner.
    for (const playerId of this.link?.presence.playersAt(tableId) ?? []) {
      actor.presence(playerId, true);
    }
    return port;
  }

  /** T13.8: a request from another node for a table this node runs. */
  private async serve(request: Request & { from: string }): Promise<unknown> {
    const actor = this.link?.live.get(request.tableId);
    if (!actor) throw new RequestFailed(`${this.nodeId} does not run ${request.tableId}`, true);
    const { playerId } = request;
    switch (request.k) {
      case 'cmd': {
        if (!ENTRY_COMMANDS.has(request.name)) {
          const barred = actor.entryRefusal(playerId);
          if (barred) return barred;
        }
        return actor.command(playerId, request.name, request.payload as never);
      }
      case 'snapshot':
        return actor.snapshot(playerId);
      case 'admit': {
        const barred: AckError | null =
          actor.entryRefusal(playerId) ??
          (actor.knows(playerId)
            ? null
            : { ok: false, code: 'NOT_AT_TABLE', message: `join table ${request.tableId} first` });
        return barred;
      }
      default: {
        const unknown: never = request;
        throw new TypeError(`unknown request ${JSON.stringify(unknown)}`);
      }
    }
  }

  private remotePresence(message: Extract<NodeMessage, { k: 'presence' }>): void {
    const { tableId, playerId, connected, from } = message;
    const actor = this.link?.live.get(tableId);
    if (!actor) return;
    this.setRemote(actor, tableId, playerId, from, connected);
  }

  private setRemote(
    actor: TablePort,
    tableId: string,
    playerId: string,
    node: string,
    connected: boolean,
  ): void {
    let players = this.remotePresent.get(tableId);
    if (!players) this.remotePresent.set(tableId, (players = new Map()));
    const nodes = players.get(playerId) ?? new Set<string>();
    const here = this.link?.presence.has(tableId, playerId) ?? false;
    const before = nodes.size > 0 || here;
    if (connected) nodes.add(node);
    else nodes.delete(node);
    if (nodes.size > 0) players.set(playerId, nodes);
    else players.delete(playerId);
    const after = nodes.size > 0 || here;
    if (before !== after) actor.presence(playerId, after);
  }

  /** T13.8: an owner's event, private message or kick, replayed to this node's sockets. */
  private mirror(tableId: string, message: TableMessage): void {
    if (message.node === this.nodeId || this.link?.live.get(tableId)) return;
    // T13.10: a fenced (zombie) owner's word is dropped: the table has a newer epoch.
    if (message.epoch < (this.floors.get(tableId) ?? 0)) return;
    this.raiseFloor(tableId, message.epoch);
    if (!this.link?.presence.count(tableId)) return;
    const outbox = this.mirrorOf(tableId, this.link);
    switch (message.k) {
      case 'event':
        return outbox.broadcast(message.event);
      case 'private':
        return outbox.sendPrivate(message.playerId, message.message);
      case 'eject':
        return outbox.eject(message.playerId);
    }
  }

  /** The gateway's outbox for a table another node runs: its sockets here. */
  private mirrorOf(tableId: string, link: ClusterLink): TableOutbox {
    let outbox = this.mirrors.get(tableId);
    if (!outbox) {
      outbox = link.outboxFor(tableId);
      this.mirrors.set(tableId, outbox);
    }
    return outbox;
  }

  private heard(beat: Heartbeat, ageMs = 0): void {
    const previous = this.nodes.get(beat.node);
    const wasAlive = previous !== undefined && this.alive(previous);
    this.nodes.set(beat.node, { beat, at: performance.now() - ageMs });
    // A new owner (a failover, a hand-over) hears of this node's players at once, not a beat later.
    let newOwner = false;
    for (const entry of beat.tables) {
      const id = entry.id;
      // A fenced owner's details (a lower epoch) never stand over the current owner's.
      if (entry.details && entry.epoch >= (this.known.get(id)?.epoch ?? 0)) {
        this.details.set(id, entry.details);
      }
      const details = this.details.get(id);
      // Counts of a table whose details never came yet (a lost beat): known at the next whole one.
      if (!details) continue;
      const table: OwnedTable = {
        epoch: entry.epoch,
        definition: details.definition,
        seated: entry.seated,
        spectators: entry.spectators,
        ...(details.seats ? { seats: details.seats } : {}),
      };
      const was = this.known.get(id);
      if (!was || table.epoch >= was.epoch) this.known.set(id, table);
      if ((!was || table.epoch > was.epoch) && this.link?.presence.count(id)) {
        newOwner = true;
        // T13.16: the sockets here at a table that moved to another node are told to follow it.
        if (beat.node !== this.nodeId && !this.link.live.get(id)) {
          void this.bus.watch(id);
          this.mirrorOf(id, this.link).pointTo?.(beat.node);
        }
      }
    }
    if (beat.node === this.nodeId) return;
    for (const table of beat.tables) this.raiseFloor(table.id, table.epoch);
    this.dropStaleAsks();
    this.reconcile(beat);
    // A node back from silence (a Redis restart) may have taken this one for gone: it hears
    // this node's players at once (T13.13).
    if (newOwner || !wasAlive) this.beat();
  }

  /**
   * T13.9: at the tables this node runs, another node's beat is the whole truth of its
   * players: whatever presence message was lost on the way (Redis restarting) is mended.
   */
  private reconcile(beat: Heartbeat): void {
    const live = this.link?.live;
    if (!live) return;
    const listed = new Map((beat.present ?? []).map((p) => [p.tableId, new Set(p.players)]));
    for (const actor of live.list()) {
      const want = listed.get(actor.id) ?? new Set<string>();
      const have = this.remotePresent.get(actor.id);
      for (const [playerId, nodes] of have ? [...have] : []) {
        if (nodes.has(beat.node) && !want.has(playerId)) {
          this.setRemote(actor, actor.id, playerId, beat.node, false);
        }
      }
      for (const playerId of want) {
        if (!have?.get(playerId)?.has(beat.node)) {
          this.setRemote(actor, actor.id, playerId, beat.node, true);
        }
      }
    }
  }

  /**
   * The receiving connection is back: the nodes alive when it dropped get a whole window from
   * now to be heard again (the time Redis was away is nobody's silence).
   */
  private hearing(): void {
    const since = this.deafSince;
    this.deafSince = undefined;
    if (since === undefined) return;
    const now = performance.now();
    for (const seen of this.nodes.values()) {
      if (since - seen.at < this.options.beatMs * BEATS_BEFORE_GONE) seen.at = now;
    }
  }

  private raiseFloor(tableId: string, epoch: number): void {
    if (epoch > (this.floors.get(tableId) ?? 0)) this.floors.set(tableId, epoch);
  }

  private alive(seen: Seen): boolean {
    // While deaf, judged as at the moment hearing stopped.
    const now = this.deafSince ?? performance.now();
    return (
      seen.beat.node === this.nodeId || now - seen.at < this.options.beatMs * BEATS_BEFORE_GONE
    );
  }

  private aliveNodes(): Seen[] {
    return [...this.nodes.values()].filter((seen) => this.alive(seen));
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
    this.dropStaleAsks();
    // T13.9: the sockets of a node gone silent are gone too.
    for (const [node, seen] of this.nodes) {
      if (this.alive(seen)) continue;
      for (const [tableId, players] of this.remotePresent) {
        const actor = this.link?.live.get(tableId);
        for (const [playerId, nodes] of players) {
          if (actor && nodes.has(node)) this.setRemote(actor, tableId, playerId, node, false);
        }
      }
      if (performance.now() - seen.at > this.options.beatMs * BEATS_BEFORE_GONE * 20) {
        this.nodes.delete(node);
      }
    }
    void this.claimFree();
  }

  /** T13.7, T13.14: claims up to this node's share, gives up what is over it. */
  private claimFree(): Promise<void> {
    const link = this.link;
    if (!link) return Promise.resolve();
    return this.claims.claimFree(link, () =>
      this.aliveNodes()
        .filter((seen) => !seen.beat.draining)
        .map((seen) => ({ node: seen.beat.node, tables: seen.beat.tables.length })),
    );
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
