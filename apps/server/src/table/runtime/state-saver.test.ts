import { describe, expect, it, vi } from 'vitest';
import { ledgerDatabase } from '../../testing/ledger-database.js';
import { quietTable } from '../../testing/quiet-table.js';
import { withOverrides } from '../../testing/with-overrides.js';
import { TableActor } from './actor.js';
import { VERSION_LEASE } from '../core/stored-state.js';
import { initialTableState } from '../core/initial-state.js';
import { defaultGame } from '../testing/table-game.js';
import { StateSaver } from './state-saver.js';

describe('T9.12 a table whose state will not save', () => {
  const database = ledgerDatabase();

  /** A table over the real ledger whose saves fail while `refuse()` says so. */
  async function unsavedTable(id: string, retryMs: number, refuse: (tries: number) => boolean) {
    await database.ledger.ensureTable({ id, name: id, isPublic: true, settings: quietTable() });
    const ann = await database.ledger.createGuest(`ann-${id}`);
    const tries: number[] = [];
    const ledger = withOverrides(database.ledger, {
      saveTableState: async (...args) => {
        tries.push(performance.now());
        if (refuse(tries.length)) throw new Error('invalid input syntax for type json');
        return database.ledger.saveTableState(...args);
      },
    });
    const errors: { msg: string | undefined; obj: Record<string, unknown> }[] = [];
    const infos: (string | undefined)[] = [];
    const saves: boolean[] = [];
    let savedAgain = () => undefined as void;
    const stored = new Promise<void>((resolve) => (savedAgain = resolve));
    const actor = await TableActor.start({
      table: { id, name: id, settings: quietTable() },
      ledger,
      outbox: { broadcast: () => undefined, sendPrivate: () => undefined, eject: () => undefined },
      retryMs,
      retryMaxMs: retryMs * 4,
      log: {
        error: (obj, msg) => errors.push({ msg, obj: obj as Record<string, unknown> }),
        info: (_obj, msg) => infos.push(msg),
      },
      observer: {
        stateSaves: (_table, failing) => {
          saves.push(failing);
          if (!failing) savedAgain();
        },
      },
    });
    const player = ann.player.id;
    actor.presence(player, true);
    await actor.command(player, 'table.join', { tableId: id });
    expect(await actor.command(player, 'seat.take', { tableId: id, seat: 1 })).toMatchObject({
      ok: true,
    });
    await actor.idle();
    return { actor, player, tries, errors, infos, saves, stored };
  }

  it('T9.12: a failed save is logged once with its table and reason, and the table says so; inputs meanwhile do not each try', async () => {
    const { actor, player, tries, errors, saves } = await unsavedTable(
      'unsaved',
      60_000,
      () => true,
    );
    expect(actor.problems()).toEqual([
      'the table state could not be stored (tries: 1): invalid input syntax for type json',
    ]);
    for (const text of ['one', 'two', 'three']) {
      expect(await actor.command(player, 'chat.send', { tableId: 'unsaved', text })).toMatchObject({
        ok: true,
      });
    }
    expect(tries).toHaveLength(1);
    expect(saves).toEqual([true]);
    expect(errors).toEqual([
      {
        msg: 'table state not stored: trying again later',
        obj: expect.objectContaining({
          table: 'unsaved',
          reason: 'invalid input syntax for type json',
          failures: 1,
          retryInMs: 60_000,
        }),
      },
    ]);
    await actor.close();
  });

  it('T9.12: retries with a doubling wait, then stores the latest state and is healthy again', async () => {
    const { actor, player, tries, errors, infos, saves, stored } = await unsavedTable(
      'recovers',
      40,
      (n) => n <= 4,
    );
    await actor.command(player, 'chat.send', { tableId: 'recovers', text: 'the last line' });
    await stored;
    await actor.idle();
    expect(tries).toHaveLength(5);
    expect(saves).toEqual([true, true, true, true, false]);
    expect(errors).toHaveLength(1);
    expect(infos).toEqual(['table state stored again']);
    expect(actor.problems()).toEqual([]);
    // Timers never fire early: each wait is at least its share of 40, 80, 160, 160 ms.
    const waits = tries.slice(1).map((at, i) => at - tries[i]!);
    waits.forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual([40, 80, 160, 160][i]! - 2));
    const row = await database.ledger.loadTableState('recovers');
    expect(row?.version).toBe(actor.current.version + VERSION_LEASE);
    expect(JSON.stringify(row?.state)).toContain('the last line');
    await actor.close();
  });
});

describe('T9.12 a retry that comes before its wait is over', () => {
  it('T9.12: waits out the rest of the wait instead of giving up, then stores the state', async () => {
    const state = initialTableState(
      { id: 'early', name: 'early', settings: quietTable() },
      defaultGame,
    );
    // The saver's clock, held still so that its timer's first try comes "early" by it, as a
    // timer can by the process's clock when Node times it from the loop's cached time.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const stored: number[] = [];
    let tries = 0;
    let retries = 0;
    let savedAgain = () => undefined as void;
    const savedBack = new Promise<void>((resolve) => (savedAgain = resolve));
    const saver: StateSaver = new StateSaver({
      tableId: 'early',
      game: defaultGame,
      failing: new Map(),
      ledger: {
        saveTableState: async (_table, row) => {
          tries += 1;
          if (tries === 1) throw new Error('refused');
          stored.push(row.version);
          savedAgain();
        },
      },
      backoff: { firstMs: 20, maxMs: 20 },
      retry: () => {
        retries += 1;
        const early = retries === 1;
        void saver
          .saveIfDue(state, () => [])
          .then(() => {
            // The early try wrote nothing; by the next one the wait is over.
            if (early) clock = 1_000;
          });
      },
    });
    try {
      await saver.saveIfDue(state, () => []);
      expect(tries).toBe(1);
      await savedBack;
      expect(retries).toBe(2);
      expect(tries).toBe(2);
      expect(stored).toHaveLength(1);
    } finally {
      now.mockRestore();
    }
  });
});
