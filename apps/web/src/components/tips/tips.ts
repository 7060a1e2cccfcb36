/** The first-time tips at a live table, in the order a newcomer needs them. */
export const TIPS = [
  {
    id: 'where-to-bet',
    title: 'Where to bet',
    text: 'Sit down, pick a chip below the table, then tap Player, Banker or Tie. You bet on which hand wins; you never play a hand yourself.',
  },
  {
    id: 'confirm',
    title: 'What Confirm does',
    text: 'Until you press Confirm bets your chips are only a draft you can change. Confirm sends them to the table: from then on they are final for this round.',
  },
  {
    id: 'shoe-marker',
    title: 'The shoe marker',
    text: 'The shoe marker shows which seat holds the shoe and deals. It stays while Banker wins or the hand ties, and moves to the next seat when Player wins.',
  },
] as const;
export type TipId = (typeof TIPS)[number]['id'];

const KEY = 'banco.tips.dismissed';

export function dismissedTips(): TipId[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((id): id is TipId => TIPS.some((t) => t.id === id)) : [];
  } catch {
    return [];
  }
}

export function dismissTips(ids: readonly TipId[]): void {
  try {
    const all = [...new Set([...dismissedTips(), ...ids])];
    window.localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Private windows may refuse storage: the tip is hidden for this visit only.
  }
}
