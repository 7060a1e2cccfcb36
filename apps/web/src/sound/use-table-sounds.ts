import { useEffect, useRef } from 'react';
import { changesBySeat } from '../store/derive';
import type { TableState } from '../store/table-state';
import { play, type SoundName } from './sound';

interface Heard {
  cards: number;
  up: number;
  result: number | null;
}

/** Sounds follow what the table did (cards out, cards turned, the pay-out), never a click. */
export function useTableSounds(state: TableState, on: boolean): void {
  const heard = useRef<Heard>({ cards: 0, up: 0, result: null });
  useEffect(() => {
    const layout = state.round?.layout;
    const all = layout ? [...layout.player, ...layout.banker] : [];
    const now: Heard = {
      cards: all.length,
      up: all.filter((c) => c !== null).length,
      result: state.result?.round ?? null,
    };
    const before = heard.current;
    heard.current = now;
    if (!on) return;
    let cue: SoundName | null = null;
    if (now.result !== null && now.result !== before.result) {
      const mine = state.you.seat === null ? undefined : changesBySeat(state).get(state.you.seat);
      cue = mine && mine.won > mine.lost ? 'win' : 'chips';
    } else if (now.up > before.up) cue = 'flip';
    else if (now.cards > before.cards) cue = 'deal';
    if (cue) play(cue);
  }, [state, on]);
}
