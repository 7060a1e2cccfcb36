import { describe, expect, it } from 'vitest';
import { ledgerSchema, type Ledger, type LedgerRound } from './ledger';
import { recapOf } from './recap';

const player = (playerId: string, name: string, started: number, net: number, granted = 0) => ({
  playerId,
  name,
  account: playerId !== 'g1',
  joinedAt: '2026-12-07T19:00:00.000Z',
  leftAt: null,
  started,
  granted,
  wagered: Math.abs(net),
  won: Math.max(net, 0),
  net,
  ended: started + granted + net,
});

let seq = 0;
const round = (
  shoeId: string,
  holder: string | null,
  stakes: [string, number, number][],
): LedgerRound => {
  seq += 1;
  return {
    roundId: `r${seq}`,
    seq,
    shoeId,
    number: seq,
    outcome: 'banker',
    commitment: `hash-${shoeId}`,
    holder,
    stakes: stakes.map(([playerId, stake, net]) => ({ playerId, stake, net })),
  };
};

/** Ann goes up 300 then down to −200 (a swing of 500); Bob holds the shoe three rounds running. */
function night(): Ledger {
  seq = 0;
  return ledgerSchema.parse({
    format: 1,
    room: { id: 'room-1', name: 'Friday', chips: 'room' },
    players: [
      player('p1', 'Ann', 500_000, 30_000 - 50_000),
      player('p2', 'Bob', 500_000, 10_000),
      player('g1', 'Cy', 500_000, -20_000, 500_000),
      // Bob again, after leaving and coming back: one line of the night.
      player('p2', 'Bob', 0, 5_000),
    ],
    rounds: [
      round('s1', 'p2', [
        ['p1', 30_000, 30_000],
        ['p2', 10_000, 10_000],
      ]),
      round('s1', 'p2', [
        ['p1', 50_000, -50_000],
        ['g1', 20_000, -20_000],
      ]),
      round('s1', 'p2', [['p2', 5_000, 5_000]]),
      round('s2', 'p1', [
        ['p1', 0, 0],
        ['p2', 1_000, 0],
      ]),
    ],
  });
}

describe('recapOf', () => {
  it('adds each player’s sessions and ranks the night by net', () => {
    const recap = recapOf(night());
    expect(recap.players.map((p) => [p.name, p.net])).toEqual([
      ['Bob', 15_000],
      ['Ann', -20_000],
      ['Cy', -20_000],
    ]);
    const cy = recap.players.find((p) => p.name === 'Cy')!;
    expect(cy.granted).toBe(500_000);
    expect(cy.ended).toBe(cy.started + cy.granted + cy.net);
    // The nets the recap shows are the ledger's, to the chip.
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(recap.players.map((p) => p.net))).toBe(sum(night().players.map((p) => p.net)));
  });

  it('finds the biggest win, the longest hold, the most rounds and the biggest swing', () => {
    const recap = recapOf(night());
    expect(recap.biggestWin).toMatchObject({ name: 'Ann', value: 30_000, round: { seq: 1 } });
    expect(recap.longestHold).toMatchObject({ name: 'Bob', value: 3 });
    // A zero stake is no round played: Ann staked in two rounds, Bob in three.
    expect(recap.mostRounds).toMatchObject({ name: 'Bob', value: 3 });
    expect(recap.biggestSwing).toMatchObject({ name: 'Ann', value: 50_000 });
  });

  it('lists the shoes with their rounds and commitments, in order', () => {
    const recap = recapOf(night());
    expect(recap.rounds).toBe(4);
    expect(recap.shoes.map((s) => [s.shoeId, s.commitment, s.rounds.length])).toEqual([
      ['s1', 'hash-s1', 3],
      ['s2', 'hash-s2', 1],
    ]);
  });

  it('a night without a round has no figures, only its players', () => {
    const empty = { ...night(), rounds: [] };
    const recap = recapOf(empty);
    expect(recap.biggestWin).toBeNull();
    expect(recap.longestHold).toBeNull();
    expect(recap.mostRounds).toBeNull();
    expect(recap.players).toHaveLength(3);
  });

  it('refuses a ledger of another format', () => {
    expect(ledgerSchema.safeParse({ ...night(), format: 2 }).success).toBe(false);
  });
});
