import type {
  CardsPeek,
  CommandPayload,
  TableEvent,
  TableEventType,
  TableSettings,
} from '@banco/protocol';
import { clientSeedFrom, commitmentOf, type CardCode } from '@banco/rules';
import type {
  EscrowAnswer,
  Reply,
  TableCommand,
  TableCommandName,
  TableInput,
} from '../core/inputs.js';
import { initialTableState } from '../core/initial-state.js';
import { reduce } from '../core/reducer.js';
import { STARTING_BALANCE, tableSettings, TIMINGS } from '../core/settings.js';
import type { TableGame } from '../core/game.js';
import type { Step } from '../core/step.js';
import type { Effect, Escrow, TableState } from '../core/state.js';
import type { RoundState } from '../games/punto-banco/state.js';
import { gameFor } from '../games/registry.js';

const SEED = 'a'.repeat(64);
const noContributions = clientSeedFrom(commitmentOf(SEED), []);
/** The client seed of the harness's shoes: they get no contributions (R11.7). */
export const HARNESS_CLIENT_SEED = noContributions.ok ? noContributions.value : '';

/**
 * Drives the pure reducer the way the actor does, answering its ledger effects from plain
 * arithmetic on the reducer's own balances, with a clock the test moves by hand.
 */
export class ReducerHarness {
  state: TableState;
  /** The game the table plays, from its settings. */
  readonly game: TableGame<Step>;
  now = 1_700_000_000_000;
  readonly events: TableEvent[] = [];
  readonly privates: { playerId: string; message: CardsPeek }[] = [];
  readonly effects: Effect[] = [];
  /** Scripted shoes handed out in order when the table asks for one; fair shoes after that. */
  readonly shoes: CardCode[][] = [];
  /** When set, the next escrow is refused with this code, as the ledger would. */
  refuseNextEscrow: 'INSUFFICIENT_BALANCE' | null = null;
  private shoeNumber = 0;
  /** The last round the table had in play: what a void-round effect refunds. */
  private voiding: RoundState | null = null;

  /** Players whose sockets the table sent away (T11.2). */
  readonly ejected: string[] = [];
  /** How often the table said its room is closed (T11.7). */
  roomsClosed = 0;

  /**
   * With `host`, the table is a private room with that host (T11). `game` stands in for the one
   * the registry would pick from the settings (a test's own game, say).
   */
  constructor(
    settings: Partial<TableSettings> = {},
    shoes: CardCode[][] = [],
    room: { host?: string } = {},
    game?: TableGame<Step>,
  ) {
    const table = tableSettings({ ...TIMINGS.live, seedMs: 0, ...settings });
    this.game = game ?? gameFor(table);
    this.state = initialTableState(
      {
        id: 'test',
        name: 'Test table',
        // No seeding window unless a test asks for one: most tests start at the first bets.
        settings: table,
        hostPlayerId: room.host ?? null,
        hostName: room.host,
      },
      this.game,
    );
    this.shoes.push(...shoes);
  }

  dispatch(input: TableInput): Reply | undefined {
    const pending = [input];
    let reply: Reply | undefined;
    while (pending.length > 0) {
      const { phase } = this.state;
      if ('round' in phase) this.voiding = phase.round;
      const reduced = reduce(this.state, pending.shift()!, this.game);
      this.state = reduced.state;
      reply ??= reduced.reply;
      for (const effect of reduced.effects) {
        this.effects.push(effect);
        const answer = this.answer(effect);
        if (answer) pending.push(answer);
      }
    }
    return reply;
  }

  command<N extends TableCommandName>(
    playerId: string,
    name: N,
    payload: Omit<CommandPayload<N>, 'tableId'>,
  ): Reply {
    const command = { name, payload: { tableId: 'test', ...payload } } as TableCommand;
    const seating =
      name === 'seat.take'
        ? {
            player: { id: playerId, name: playerId },
            balance: this.wallets.get(playerId) ?? STARTING_BALANCE,
          }
        : undefined;
    // As the actor: a command the game takes from a watcher carries their wallet.
    const watcher =
      !this.state.seats.some((s) => s.player.id === playerId) &&
      this.game.watcherPlays?.(this.state, command)
        ? {
            player: { id: playerId, name: playerId },
            balance: this.wallets.get(playerId) ?? STARTING_BALANCE,
          }
        : undefined;
    const reply = this.dispatch({
      type: 'command',
      now: this.now,
      playerId,
      command,
      seating,
      ...(watcher ? { watcher } : {}),
    });
    if (!reply) throw new Error(`${name} got no reply`);
    return reply;
  }

  /** Wallet balances the harness's ledger keeps (what the reducer's seats should mirror). */
  readonly wallets = new Map<string, number>();

  sit(playerId: string, seat: number, balance = STARTING_BALANCE): Reply {
    this.wallets.set(playerId, balance);
    return this.command(playerId, 'seat.take', { seat });
  }

  /** Seat holds the table asked to be woken for (T1.6), by player. */
  readonly holds = new Map<string, number>();

  /** Moves the clock on and fires the table's timer and any seat hold that is due. */
  advance(ms: number): void {
    this.now += ms;
    const timer = this.state.timer;
    if (timer && timer.at <= this.now)
      this.dispatch({ type: 'timer', now: this.now, token: timer.token });
    for (const [playerId, at] of [...this.holds]) {
      if (at > this.now) continue;
      this.holds.delete(playerId);
      this.dispatch({ type: 'hold-expired', now: this.now, playerId });
    }
  }

  /** A player's connections all dropped (true) or one came back (false). */
  away(playerId: string, away = true): void {
    this.dispatch({ type: away ? 'player-away' : 'player-back', now: this.now, playerId });
  }

  /** Fires the pending timer whatever its deadline (a 0 s window). */
  fire(): void {
    const timer = this.state.timer;
    if (!timer) throw new Error('no timer pending');
    this.now = Math.max(this.now, timer.at);
    this.dispatch({ type: 'timer', now: this.now, token: timer.token });
  }

  get round(): number {
    return this.state.roundSeq;
  }

  ofType<T extends TableEventType>(type: T): Extract<TableEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<TableEvent, { type: T }> => e.type === type);
  }

  last<T extends TableEventType>(type: T): Extract<TableEvent, { type: T }> | undefined {
    return this.ofType(type).at(-1);
  }

  private answer(effect: Effect): TableInput | undefined {
    switch (effect.type) {
      case 'broadcast':
        this.events.push(effect.event);
        return undefined;
      case 'private':
        if (effect.message.type === 'cards.peek') {
          this.privates.push({ playerId: effect.playerId, message: effect.message });
        }
        return undefined;
      case 'new-shoe':
        return this.newShoe();
      case 'open-round': {
        const roundId = `round-${effect.seq}`;
        const refills = effect.refills.map(({ seat, playerId }) => {
          const before = this.wallets.get(playerId) ?? 0;
          this.wallets.set(playerId, STARTING_BALANCE);
          return { seat, playerId, amount: STARTING_BALANCE - before, balance: STARTING_BALANCE };
        });
        return { type: 'round-opened', now: this.now, seq: effect.seq, roundId, refills };
      }
      case 'escrow':
        return this.escrow(effect);
      case 'escrow-all':
        return {
          type: 'escrow-answers',
          now: this.now,
          answers: effect.escrows.map((e) => this.escrow(e)),
        };
      case 'settle': {
        const balances = new Map<string, number>();
        for (const s of effect.settled) {
          const balance = (this.wallets.get(s.playerId) ?? 0) + s.returned;
          this.wallets.set(s.playerId, balance);
          balances.set(s.playerId, balance);
        }
        return { type: 'settled', now: this.now, balances };
      }
      case 'hold':
        this.holds.set(effect.playerId, effect.at);
        return undefined;
      case 'void-round': {
        // Stakes back to the wallets: the harness keeps bets per round in its own wallets only.
        const balances = new Map<string, number>();
        for (const [playerId, stake] of this.openStakes(effect.seq)) {
          const balance = (this.wallets.get(playerId) ?? 0) + stake;
          this.wallets.set(playerId, balance);
          balances.set(playerId, balance);
        }
        return {
          type: 'round-voided',
          now: this.now,
          seq: effect.seq,
          reason: effect.reason,
          balances,
        };
      }
      case 'eject':
        this.ejected.push(effect.playerId);
        return undefined;
      case 'room-closed':
        this.roomsClosed += 1;
        return undefined;
      case 'schedule':
      case 'record-shuffle':
      case 'end-shoe':
      case 'record-seat':
      case 'room-chips':
        return undefined;
      default: {
        const unknown: never = effect;
        throw new TypeError(`unknown effect ${JSON.stringify(unknown)}`);
      }
    }
  }

  private escrow(effect: Escrow): EscrowAnswer {
    if (this.refuseNextEscrow) {
      const code = this.refuseNextEscrow;
      this.refuseNextEscrow = null;
      return { type: 'escrow-refused', now: this.now, code, message: 'refused by the ledger' };
    }
    const total = effect.bets.reduce((sum, b) => sum + b.amount, 0);
    const balance = (this.wallets.get(effect.playerId) ?? 0) - total;
    this.wallets.set(effect.playerId, balance);
    const bets = effect.bets.map((b) => ({
      ...b,
      id: `${effect.roundId}:${effect.seat}:${b.spot}`,
    }));
    return {
      type: 'escrowed',
      now: this.now,
      seat: effect.seat,
      playerId: effect.playerId,
      confirmId: effect.confirmId,
      bets,
      balance,
    };
  }

  /** Stakes of round `seq` as the table last held them, by player. */
  private openStakes(seq: number): Map<string, number> {
    const stakes = new Map<string, number>();
    const { phase } = this.state;
    const round = 'round' in phase && phase.round.seq === seq ? phase.round : this.voiding;
    for (const seatBets of round?.seq === seq ? round.bets : []) {
      const total = seatBets.bets.reduce((sum, b) => sum + b.amount, 0);
      stakes.set(seatBets.playerId, (stakes.get(seatBets.playerId) ?? 0) + total);
    }
    return stakes;
  }

  private newShoe(): TableInput {
    this.shoeNumber += 1;
    const scripted = this.shoes.shift();
    return {
      type: 'shoe-ready',
      now: this.now,
      shoe: {
        id: `shoe-${this.shoeNumber}`,
        number: this.shoeNumber,
        serverSeed: SEED,
        commitment: commitmentOf(SEED),
        ...(scripted ? { scripted } : {}),
      },
    };
  }
}
