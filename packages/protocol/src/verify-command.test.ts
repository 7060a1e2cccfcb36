import { describe, expect, it } from 'vitest';
import { shellQuote, verifyCommand } from './verify-command.js';

describe('verifyCommand: the one `pnpm banco verify` line', () => {
  it('quotes a seed only when the shell needs it, and escapes its quotes', () => {
    expect(shellQuote('abc123')).toBe('abc123');
    expect(shellQuote('practice table')).toBe("'practice table'");
    expect(shellQuote("Ann's")).toBe(`'Ann'\\''s'`);
  });

  it('names every argument the CLI takes, in its order', () => {
    expect(
      verifyCommand({
        serverSeed: 'f'.repeat(64),
        clientSeed: 'practice table',
        shoeNumber: 7,
        decks: 1,
        cut: 5,
        lastHand: 'finish-current',
      }),
    ).toBe(
      `pnpm banco verify --server-seed ${'f'.repeat(64)} --client-seed 'practice table' --shoe 7 --decks 1 --cut 5 --last-hand finish-current`,
    );
  });
});
