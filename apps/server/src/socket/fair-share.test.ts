import { describe, expect, it } from 'vitest';
import { CONNECT_BURST, FairShare } from './fair-share.js';

const limits = {
  socketsPerPlayer: 2,
  socketsPerAddress: 3,
  playerRatePerSecond: 1,
  playerRateBurst: 3,
};

describe('fair share per player and per address (P1.6)', () => {
  it('P1.6: caps live sockets per player and per address, and frees them on release', () => {
    const share = new FairShare(limits);
    const a1 = share.admit('ann', '10.0.0.1');
    const a2 = share.admit('ann', '10.0.0.1');
    expect(share.admit('ann', '10.0.0.2')).toEqual({
      refused: 'at most 2 connections per player',
    });
    expect(share.socketsOf('ann')).toBe(2);
    const b1 = share.admit('bob', '10.0.0.1');
    expect('release' in b1).toBe(true);
    expect(share.addressFull('10.0.0.1')).toBe(true);
    expect(share.admit('cat', '10.0.0.1')).toEqual({
      refused: 'at most 3 connections from one address',
    });
    if (!('release' in a1) || !('release' in a2)) throw new Error('ann was refused');
    a1.release();
    a1.release();
    expect(share.socketsOf('ann')).toBe(1);
    expect(share.addressFull('10.0.0.1')).toBe(false);
    expect('release' in share.admit('cat', '10.0.0.1')).toBe(true);
    a2.release();
    expect(share.socketsOf('ann')).toBe(0);
  });

  it('P1.6: an address reconnecting in a loop is refused once its burst is spent', () => {
    let now = 0;
    const share = new FairShare(limits, () => now);
    const tries = Array.from({ length: CONNECT_BURST + 1 }, () => share.connectAllowed('10.0.0.9'));
    expect(tries.filter(Boolean)).toHaveLength(CONNECT_BURST);
    expect(tries.at(-1)).toBe(false);
    expect(share.connectAllowed('10.0.0.10')).toBe(true);
    now += 1_000;
    expect(share.connectAllowed('10.0.0.9')).toBe(true);
  });

  it('P1.6: one command budget per player, shared by all of their sockets', () => {
    const share = new FairShare(limits);
    share.admit('ann', 'a');
    share.admit('ann', 'b');
    share.admit('bob', 'c');
    const taken = [1, 2, 3, 4].map(() => share.take('ann'));
    expect(taken).toEqual([true, true, true, false]);
    expect(share.take('bob')).toBe(true);
    // A player with no socket has no budget at all.
    expect(share.take('zed')).toBe(false);
  });
});
