/**
 * The soak's short run (`pnpm bench:soak` is the long one): both games on the real server,
 * killed or stopped and started again at least twice, then every invariant clean.
 */
import { describe, expect, it } from 'vitest';
import { report } from './report.js';
import { runSoak } from './soak.js';

describe('the soak, short', () => {
  it('T9.1 T9.5 T9.7 T15.9 P1.4 R11 R19 both games survive kills and stops with every invariant whole', async () => {
    // Seed 5 draws a SIGKILL, then a SIGTERM (and a SIGTERM last, as every soak ends).
    const seed = Number(process.env.SOAK_SEED ?? 5);
    const result = await runSoak({
      // The clock ends it, so a fast machine plays more rounds rather than fewer restarts.
      rounds: 1_000_000,
      seconds: 25,
      seed,
      puntoTables: 1,
      puntoRooms: 1,
      cheminRooms: 1,
      roomDecks: 1,
      life: { min: 4, max: 6 },
      log: () => undefined,
    });
    const { text, breaches } = report(result);
    console.info(text);
    expect(result.kills).toBeGreaterThanOrEqual(1);
    expect(result.stops).toBeGreaterThanOrEqual(1);
    expect(result.survived).toBe(result.kills + result.stops);
    expect(result.rounds).toBeGreaterThan(50);
    expect(result.invariants.shoes.checked).toBeGreaterThan(0);
    expect(result.invariants.frames.checked).toBeGreaterThan(1_000);
    expect(result.invariants.betsNeverClosed.checked).toBeGreaterThan(0);
    // T10.8: the private Punto Banco room played room chips through the restarts.
    expect(result.invariants.roomChips.checked).toBe(1);
    expect(breaches).toBe(0);
  }, 90_000);
});
