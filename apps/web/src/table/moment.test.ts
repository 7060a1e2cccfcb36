import type { CheminDeFerView, CoupView } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { emptyTable, type TableState } from '../store/table-state';
import { momentOf } from './moment';

const chemin = (view: Partial<CheminDeFerView>): TableState => ({
  ...emptyTable('t'),
  chemin: {
    offer: { kind: 'fresh', seat: 1, declined: [] },
    offerUntil: 5_000,
    coup: null,
    last: null,
    bancoSuivi: null,
    nextCoup: 3,
    ...view,
  },
});

describe('momentOf: how long a refusal is said', () => {
  it('a Punto Banco refusal lasts its round', () => {
    const round = { seq: 4, shoeRound: 4, bets: [], layout: { player: [], banker: [] } };
    const at = (state: Partial<TableState>) => momentOf({ ...emptyTable('t'), ...state });
    expect(at({ round })).toBe(at({ round, lastCall: true }));
    expect(at({ round })).not.toBe(at({ round: { ...round, seq: 5 } }));
  });

  it('a Chemin de Fer refusal ends when the next countdown starts: offer, cover or choice', () => {
    const offered = chemin({});
    const next = chemin({ offerUntil: 9_000, offer: { kind: 'fresh', seat: 2, declined: [1] } });
    expect(momentOf(offered)).not.toBe(momentOf(next));
    const covering = {
      coup: 3,
      phase: 'covering',
      coverClosesAt: 7_000,
      pending: null,
    } as CoupView;
    expect(momentOf(chemin({ coup: covering }))).not.toBe(momentOf(offered));
    // Others' calls in the same cover leave it up.
    expect(momentOf(chemin({ coup: { ...covering, calls: [] } }))).toBe(
      momentOf(chemin({ coup: covering })),
    );
    const choosing = {
      ...covering,
      phase: 'punto-choice',
      coverClosesAt: null,
      pending: { hand: 'punto', seat: 2, cell: 'punto-5', deadline: 12_000 },
    } as CoupView;
    expect(momentOf(chemin({ coup: choosing }))).not.toBe(momentOf(chemin({ coup: covering })));
  });
});
