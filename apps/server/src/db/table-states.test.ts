import { describe, expect, it } from 'vitest';
import { ledgerDatabase } from '../testing/ledger-database.js';
import { quietTable } from '../testing/quiet-table.js';

describe('T9.12 P3.3 a stored table state cannot be poisoned', () => {
  const database = ledgerDatabase();
  const table = (id: string) => ({ id, name: id, isPublic: true, settings: quietTable() });
  const row = (version: number, state: unknown) => ({
    version,
    roundSeq: null,
    shoeId: null,
    state,
  });

  it('T9.12: a text Postgres refuses is stored as U+FFFD, and the saves beside it in the same statement are stored too', async () => {
    const { ledger } = database;
    await ledger.ensureTable(table('poisoned'));
    await ledger.ensureTable(table('neighbour'));
    const hostile = {
      chat: [{ text: 'hi \ud800' }, { text: 'a\u0000b' }, { text: '\udc00\ud83c' }],
      name: 'dice \u{1F3B2}',
      literal: 'a backslash then u0000: \\u0000',
    };
    // Submitted in one turn of the event loop: one statement for both (group commit).
    await Promise.all([
      ledger.saveTableState('poisoned', row(5, hostile)),
      ledger.saveTableState('neighbour', row(7, { chat: [] })),
    ]);
    expect(await ledger.loadTableState('poisoned')).toEqual(
      row(5, {
        chat: [{ text: 'hi \ufffd' }, { text: 'a\ufffdb' }, { text: '\ufffd\ufffd' }],
        name: 'dice \u{1F3B2}',
        literal: 'a backslash then u0000: \\u0000',
      }),
    );
    expect(await ledger.loadTableState('neighbour')).toEqual(row(7, { chat: [] }));
  });
});
