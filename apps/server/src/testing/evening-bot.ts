import type { Stake, TableEvent } from '@banco/protocol';
import { settle, type RoundFacts, type RuleSet } from '@banco/rules';
import type { TestClient } from './test-banco.js';

type RoundResult = Extract<TableEvent, { type: 'round.result' }>;

const factsOf = (result: RoundResult): RoundFacts => ({
  playerTotal: result.player.total,
  bankerTotal: result.banker.total,
  playerNatural: result.player.natural,
  bankerNatural: result.banker.natural,
  playerPair: result.player.pair,
  bankerPair: result.banker.pair,
});

/**
 * A player of a room-chips evening (T11.15) who keeps its own books: the stakes it had
 * confirmed, and from the table's events alone (its grants, top-ups and adjustments, and each
 * round's cards settled by the rules package) the stack it must hold. The server's figures are
 * checked against this reckoning, never the other way round.
 */
export class EveningBot {
  /** The stakes the table acknowledged, by round. */
  readonly confirmed = new Map<number, Stake[]>();

  constructor(
    readonly client: TestClient,
    readonly tableId: string,
    private readonly rules: RuleSet,
  ) {}

  get playerId(): string {
    return this.client.playerId;
  }

  /** Stakes `bets` on `round` from `seat`; throws on a refusal (the driver asks only what fits). */
  async bet(round: number, seat: number, bets: Stake[]): Promise<void> {
    const ack = await this.client.send('bets.confirm', {
      tableId: this.tableId,
      round,
      seat,
      confirmId: `${this.client.name}-${round}`,
      bets,
    });
    if (!ack.ok) throw new Error(`${this.client.name} round ${round}: ${ack.code} ${ack.message}`);
    this.confirmed.set(round, bets);
  }

  async pass(round: number, seat: number): Promise<void> {
    const ack = await this.client.send('bets.none', { tableId: this.tableId, round, seat });
    if (!ack.ok) throw new Error(`${this.client.name} round ${round}: ${ack.code} ${ack.message}`);
  }

  /** Grants, top-ups and adjustments of this player's stack, from `evening.stack` (P9.11). */
  granted(): number {
    return this.client.events
      .filter(
        (e): e is Extract<TableEvent, { type: 'evening.stack' }> =>
          e.type === 'evening.stack' &&
          e.playerId === this.playerId &&
          (e.kind === 'grant' || e.kind === 'top-up' || e.kind === 'adjust'),
      )
      .reduce((sum, e) => sum + e.amount, 0);
  }

  /** What each round this bot staked on came to, by the rules (R9), from the revealed cards. */
  nets(): Map<number, { stake: number; net: number }> {
    const nets = new Map<number, { stake: number; net: number }>();
    for (const e of this.client.events) {
      if (e.type !== 'round.result') continue;
      const bets = this.confirmed.get(e.round);
      if (!bets) continue;
      const settled = settle(
        bets.map((b, i) => ({ id: `${e.round}-${i}`, ...b })),
        factsOf(e),
        this.rules,
      );
      if (!settled.ok) throw new Error(settled.error.message);
      nets.set(e.round, {
        stake: bets.reduce((sum, b) => sum + b.amount, 0),
        net: settled.value.reduce((sum, s) => sum + s.net, 0),
      });
    }
    return nets;
  }

  /** The stack the bot must hold: everything granted plus what its rounds came to. */
  reckoning(): number {
    let stack = this.granted();
    for (const { net } of this.nets().values()) stack += net;
    return stack;
  }
}
