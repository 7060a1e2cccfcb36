/**
 * Whole fair shoes (three pairs: 3 decks by auction, 6 by the list) played by a scripted table:
 * stakes, bancos, shared bancos, à cheval, watchers, holders' choices on 5, the banker's choices
 * free and by the exact rule, dry banks topped up or given up, retirements and take-overs. After
 * every coup the chips are counted and the coup is checked against the shoe and the rules.
 */
import { describe, expect, it } from 'vitest';
import { handTotal, type CardCode } from '../cards.js';
import { burnShoe, roundStatus, type ShoeState } from '../shoe.js';
import { unwrap } from '../testing/unwrap.js';
import {
  acceptOffer,
  afterCoup,
  auctionWinner,
  declineOffer,
  isDry,
  offerFrom,
  openAuction,
  placeBid,
  retire,
  topUp,
  type BankLimits,
  type ListOffer,
  type Tenure,
} from './bank.js';
import { exactBankerRule } from './banker-choice.js';
import {
  isOver,
  openCoup,
  stepCoup,
  type CoupPlay,
  type CoupRules,
  type CoupState,
  type DealtCoup,
} from './coup.js';
import { outcomesOf } from './replay.js';
import { createBaccaraBanqueShoe } from './shoe.js';
import { firstHolders, lostOf, nextHolders, type Holders, type Seat } from './sides.js';
import type { StakeCall } from './stakes.js';
import { visibleCards } from './view.js';

/** A small deterministic generator: the script is reproducible, the rules see no randomness. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const PLAYERS: Record<Seat, string> = {
  2: 'a',
  3: 'b',
  4: 'c',
  5: 'd',
  7: 'e',
  8: 'f',
  9: 'g',
  10: 'h',
};
const SEATS = Object.keys(PLAYERS).map(Number);
const WATCHER = 'w';

interface Ledger {
  balances: Map<string, number>;
  house: number;
  /** What the bank holds, out of its banker's wallet. */
  bank: number;
}
const totalChips = (l: Ledger) =>
  [...l.balances.values()].reduce((a, b) => a + b, 0) + l.house + l.bank;

function take(l: Ledger, player: string, amount: number) {
  const has = l.balances.get(player)!;
  expect(has).toBeGreaterThanOrEqual(amount);
  l.balances.set(player, has - amount);
}
const give = (l: Ledger, player: string, amount: number) =>
  l.balances.set(player, l.balances.get(player)! + amount);

/** R20.4, R23, R24.1: a settled coup's cards are the shoe's next, legally drawn, fairly judged. */
function checkCoup(before: ShoeState, state: Extract<CoupState, { phase: 'settled' }>) {
  const { right, left, banker } = state.cards;
  const next = before.cards.slice(before.next);
  expect([right[0], left[0], banker[0], right[1], left[1], banker[1]]).toEqual(next.slice(0, 6));
  const thirds = [right[2], left[2], banker[2]].filter((c): c is CardCode => c !== undefined);
  expect(thirds).toEqual(next.slice(6, 6 + thirds.length));
  const two = (cards: readonly CardCode[]) => handTotal(cards.slice(0, 2));
  const over = two(banker) >= 8 || (two(right) >= 8 && two(left) >= 8);
  for (const t of [right, left]) {
    if (over || two(t) >= 8 || two(t) >= 6)
      expect(t).toHaveLength(2); // R23.1–R23.3
    else if (two(t) <= 4) expect(t).toHaveLength(3);
  }
  if (over) expect(banker).toHaveLength(2);
  const judge = (t: readonly CardCode[]) => {
    const against = two(t) >= 8 ? two(banker) : handTotal(banker);
    const d = handTotal(t) - against;
    return d > 0 ? 'tableau' : d < 0 ? 'banker' : 'tie';
  };
  expect(state.settlement.outcomes).toEqual({ right: judge(right), left: judge(left) });
  expect(outcomesOf(right, left, banker)).toEqual(state.settlement.outcomes); // R25.2
  // R20.5: nothing settled is hidden any more.
  expect(visibleCards(state, null)).toEqual({ right, left, banker });
}

interface Tally {
  coups: number;
  kinds: Set<string>;
  events: Set<string>;
}

function playShoe(
  decks: 3 | 6,
  award: 'auction' | 'list',
  seed: number,
  ledger: Ledger,
  tally: Tally,
): void {
  const rand = lcg(seed);
  const limits: BankLimits = decks === 3 ? { min: 2000, max: 20_000 } : { min: 2000, max: null };
  const rules: CoupRules = {
    cagnotteBp: decks === 3 ? 200 : 125,
    choices: 'free',
    watchersMayStake: true,
  };
  const play: CoupPlay = { bankerRule: exactBankerRule };
  let shoe = unwrap(
    burnShoe(
      unwrap(
        createBaccaraBanqueShoe({
          serverSeed: seed.toString(16).padStart(64, '0'),
          clientSeed: `shoe-${seed}`,
          shoeNumber: seed,
          decks,
        }),
      ),
    ),
  ).state;

  const hold = (tenure: Tenure, player: string) => {
    take(ledger, player, tenure.bank);
    ledger.bank = tenure.bank;
  };
  const release = (tenure: Tenure) => {
    give(ledger, PLAYERS[tenure.banker]!, ledger.bank);
    ledger.bank = 0;
  };
  /** An offer down the list or to take over: accepted by whoever can put up a bank. */
  const settleOffer = (first: ListOffer | null, retired: Seat | null): Tenure | null => {
    let offer = first;
    while (offer !== null) {
      const balance = ledger.balances.get(PLAYERS[offer.seat]!)!;
      const amount = Math.min(balance - (balance % 100), 2000 + 1000 * rand(10));
      if (amount >= limits.min && rand(4) !== 0) {
        const tenure = unwrap(acceptOffer(offer, offer.seat, amount, limits));
        hold(tenure, PLAYERS[offer.seat]!);
        tally.events.add(offer.kind);
        return tenure;
      }
      offer = unwrap(declineOffer(offer, SEATS, offer.seat, retired));
    }
    return null;
  };

  let tenure: Tenure | null;
  if (award === 'auction') {
    let auction = openAuction();
    for (const seat of SEATS) {
      const amount = 2000 + 500 * rand(12);
      const bid = placeBid(auction, SEATS, seat, amount, limits);
      if (bid.ok) auction = bid.value;
    }
    const won = auctionWinner(auction, SEATS)!;
    tenure = unwrap(
      acceptOffer({ seat: won.seat, declined: [], kind: 'list' }, won.seat, won.amount, limits),
    );
    hold(tenure, PLAYERS[won.seat]!);
    tally.events.add('auction');
  } else {
    tenure = settleOffer(offerFrom(SEATS, null, [], 'list'), null);
  }
  let holders: Holders = firstHolders(SEATS, tenure?.banker ?? null);

  while (tenure !== null && roundStatus(shoe) !== 'finished') {
    const banker: Seat = tenure.banker;
    // R21.5: a dry bank is topped up or given up.
    if (isDry(tenure, limits)) {
      const wallet = ledger.balances.get(PLAYERS[banker]!)!;
      if (wallet >= limits.min - tenure.bank && rand(3) !== 0) {
        const to = limits.min;
        take(ledger, PLAYERS[banker]!, to - tenure.bank);
        tenure = unwrap(topUp(tenure, banker, to, limits));
        ledger.bank = tenure.bank;
        tally.events.add('top-up');
        continue;
      }
      unwrap(retire(tenure, banker, limits));
      release(tenure);
      tally.events.add('retire-dry');
      tenure = settleOffer(offerFrom(SEATS, banker, [banker], 'take-over'), banker);
      holders = firstHolders(SEATS, tenure?.banker ?? null);
      continue;
    }
    // R21.6: now and then a banker who has played retires.
    if (tenure.coups >= 1 && rand(25) === 0) {
      const out = unwrap(retire(tenure, banker, limits));
      expect(out.leavesWith).toBe(ledger.bank);
      release(tenure);
      tally.events.add('retire');
      tenure = settleOffer(offerFrom(SEATS, banker, [banker], 'take-over'), banker);
      holders = firstHolders(SEATS, tenure?.banker ?? null);
      continue;
    }

    const seats = SEATS.filter((s) => s !== banker);
    let state = unwrap(openCoup({ rules, shoe, banker, bank: tenure.bank, holders, seats: SEATS }));
    const offered = new Map<string, number>();
    const calls: { player: string; seat: Seat | null; call: StakeCall }[] = [];
    const bank = tenure.bank;
    for (const seat of seats) {
      const player = PLAYERS[seat]!;
      const wallet = ledger.balances.get(player)!;
      const r = rand(20);
      let call: StakeCall = { kind: 'none' };
      if (r === 0 && wallet >= bank)
        call = { kind: 'banco', on: (['right', 'left', 'halves'] as const)[rand(3)]! };
      else if (r <= 2 && wallet >= Math.ceil(bank / 2)) call = { kind: 'banco-shared' };
      else if (r < 17) {
        const amount = Math.min(bank, wallet, 100 * (1 + rand(15)));
        const on =
          r < 11
            ? seat <= 6
              ? 'right'
              : 'left'
            : r < 14
              ? seat <= 6
                ? 'left'
                : 'right'
              : 'cheval';
        if (amount > 0) call = { kind: 'stake', on, amount };
      }
      calls.push({ player, seat, call });
    }
    if (rand(3) === 0)
      calls.push({
        player: WATCHER,
        seat: null,
        call: { kind: 'stake', on: 'cheval', amount: 500 },
      });
    for (const c of calls) {
      state = unwrap(stepCoup(state, { type: 'call', ...c }, play));
      const amount =
        c.call.kind === 'stake'
          ? c.call.amount
          : c.call.kind === 'banco'
            ? bank
            : c.call.kind === 'banco-shared'
              ? Math.ceil(bank / 2)
              : 0;
      offered.set(c.player, amount);
    }
    const before = shoe;
    state = unwrap(stepCoup(state, { type: 'close-stakes' }, play));
    if (state.phase === 'not-dealt') {
      shoe = state.shoe;
      continue;
    }
    // What plays is held (the rest never left the wallets, R22.7).
    const cover = (state as Extract<CoupState, { cover: unknown }>).cover;
    for (const s of cover.stakes) take(ledger, s.player, s.amount);
    for (const r of cover.returned) expect(r.amount).toBeLessThanOrEqual(offered.get(r.player)!);
    tally.kinds.add(cover.kind);
    if (cover.stakes.some((s) => s.on === 'cheval')) tally.kinds.add('cheval');
    if (cover.stakes.some((s) => s.seat === null)) tally.kinds.add('watcher');

    while (!isOver(state)) {
      // R20.5: while anyone waits, a watcher sees no face-down card but a turned natural's.
      const seen = visibleCards(state, null);
      for (const t of ['right', 'left'] as const) {
        const turned = (state as DealtCoup).progress[t] === 'natural';
        expect(seen[t].slice(0, 2).every((c) => (c === null) !== turned)).toBe(true);
      }
      expect(seen.banker.slice(0, 2)).toEqual([null, null]);
      if (state.phase === 'punto-choice') {
        tally.events.add('punto-choice');
        const seat: Seat = state.holders[state.tableau]!;
        state = unwrap(
          stepCoup(
            state,
            rand(4) === 0
              ? { type: 'by-rule' }
              : { type: 'choose', seat, option: rand(2) ? 'draw' : 'stand' },
            play,
          ),
        );
      } else if (state.phase === 'banker-choice') {
        tally.events.add('banker-choice');
        state = unwrap(
          stepCoup(
            state,
            rand(2) === 0
              ? { type: 'by-rule' }
              : { type: 'choose', seat: banker, option: rand(2) ? 'draw' : 'stand' },
            play,
          ),
        );
      } else throw new Error(`unexpected phase ${state.phase}`);
    }
    if (state.phase !== 'settled') throw new Error('a dealt coup ends settled');
    checkCoup(before, state);
    if (state.story.some((s) => s.kind === 'natural' && s.paid)) tally.events.add('lone-natural');
    if (state.settlement.short) tally.events.add('short');
    const { settlement } = state;
    for (const p of settlement.payouts) give(ledger, p.player, p.back);
    ledger.house += settlement.cagnotte;
    ledger.bank = settlement.bankAfter;
    tenure = afterCoup(tenure, settlement.bankAfter);
    shoe = state.shoe;
    tally.coups += 1;
    holders = nextHolders(state.holders, lostOf(settlement.outcomes), SEATS, banker);
    expect(totalChips(ledger)).toBe(START * SEATS.length + START);
  }
  if (tenure !== null) release(tenure);
  tally.events.add(roundStatus(shoe) === 'finished' ? 'stop-card' : 'nobody-banks');
}

const START = 200_000;

describe('R20–R24 whole shoes', () => {
  it('R24.5 conserves every chip and plays every coup by the rules (R20.4, R23, R24.1)', () => {
    const ledger: Ledger = {
      balances: new Map([...Object.values(PLAYERS), WATCHER].map((p) => [p, START])),
      house: 0,
      bank: 0,
    };
    const tally: Tally = { coups: 0, kinds: new Set(), events: new Set() };
    // Several pairs of shoes from different seeds, all through one ledger.
    for (const seed of [7, 19, 23]) {
      playShoe(3, 'auction', seed, ledger, tally);
      playShoe(6, 'list', seed + 4, ledger, tally);
    }
    expect(totalChips(ledger)).toBe(START * (SEATS.length + 1));
    expect(ledger.bank).toBe(0);
    expect(ledger.house).toBeGreaterThan(0);
    expect(tally.coups).toBeGreaterThan(150);
    expect([...tally.kinds].sort()).toEqual([
      'banco',
      'banco-shared',
      'cheval',
      'stakes',
      'watcher',
    ]);
    // The script reaches every part of a bank's life (R21.2–R21.6) and a short bank (R24.3).
    const parts = ['auction', 'list', 'punto-choice', 'banker-choice', 'lone-natural', 'stop-card'];
    parts.push('top-up', 'retire', 'retire-dry', 'take-over', 'short');
    for (const e of parts) expect(tally.events).toContain(e);
    console.info(`played ${tally.coups} coups; ${[...tally.events].sort().join(', ')}`);
  }, 60_000);
});
