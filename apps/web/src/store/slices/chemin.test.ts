import type { CheminDeFerView, EventOf } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { applyEvent, cheminShuffling, emptyTable, type TableState } from '../table-state';

const offer = (
  o: CheminDeFerView['offer'],
  extra: Partial<CheminDeFerView> = {},
): CheminDeFerView => ({
  offer: o,
  offerUntil: 5_000,
  coup: null,
  last: null,
  bancoSuivi: null,
  nextCoup: 3,
  ...extra,
});

let version = 1;
const updated = (
  what: EventOf<'chemin.updated'>['what'],
  view: CheminDeFerView,
): EventOf<'chemin.updated'> => ({
  type: 'chemin.updated',
  tableId: 't',
  version: ++version,
  at: 0,
  what,
  seat: null,
  view,
  balances: [],
});

const table = (): TableState => ({ ...emptyTable('t'), chemin: offer({ kind: 'vacant' }) });

describe('the Chemin de Fer slice', () => {
  it('R17.3 remembers who passed the bank while the offer moves round from him', () => {
    let state = applyEvent(
      table(),
      updated('offered', offer({ kind: 'ride', seat: 1, amount: 900 })),
    );
    expect(state.cheminPassed).toBeNull();
    state = applyEvent(state, updated('passed', offer({ kind: 'fresh', seat: 2, declined: [1] })));
    expect(state.cheminPassed).toBe(1);
    state = applyEvent(
      state,
      updated('declined', offer({ kind: 'fresh', seat: 3, declined: [1, 2] })),
    );
    expect(state.cheminPassed).toBe(1);
    // A fresh bank declined from the start was passed by nobody.
    state = applyEvent(state, updated('offered', offer({ kind: 'fresh', seat: 4, declined: [3] })));
    expect(state.cheminPassed).toBeNull();
  });

  it('between shoes: no coup, no offer open, and the old shoe ended or the new one seeding', () => {
    const waiting = offer({ kind: 'ride', seat: 1, amount: 900 }, { offerUntil: null });
    let state = applyEvent(table(), updated('settled', waiting));
    expect(cheminShuffling(state)).toBe(false);
    state = applyEvent(state, {
      type: 'shoe.ended',
      tableId: 't',
      version: ++version,
      at: 0,
      shoeId: 's',
      number: 1,
      rounds: 2,
      serverSeed: 'a'.repeat(64),
    } as EventOf<'shoe.ended'>);
    expect(cheminShuffling(state)).toBe(true);
    // The bank is offered on the new shoe: the seeding phase the page kept is over.
    state = { ...state, notices: { ...state.notices, shoeEnded: null } };
    state = {
      ...state,
      phase: {
        kind: 'seeding',
        shoeId: 's2',
        number: 2,
        commitment: 'c',
        deadline: 0,
        contributions: [],
      },
    };
    expect(cheminShuffling(state)).toBe(true);
    state = applyEvent(state, updated('offered', offer({ kind: 'ride', seat: 1, amount: 900 })));
    expect(state.phase.kind).toBe('waiting');
    expect(cheminShuffling(state)).toBe(false);
  });
});
