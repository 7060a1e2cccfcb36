import type { TableSettings } from '@banco/protocol';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { GameScreenProps } from './game-screen';

export interface TableGame {
  name: string;
  /** The game as a page names it to people. */
  title: string;
  /** Whether a table with these settings plays this game: the first that does is shown. */
  plays(settings: TableSettings): boolean;
  /** Loaded on demand, once the table has said what it plays. */
  Screen: LazyExoticComponent<ComponentType<GameScreenProps>>;
}

/** The games a table page can show. A new game is one screen and one line here. */
export const TABLE_GAMES: readonly TableGame[] = [
  {
    name: 'practice',
    title: 'Punto Banco, practice',
    plays: (s) => s.selfPaced === true,
    Screen: lazy(() => import('../practice/PracticeTable')),
  },
  {
    name: 'chemin-de-fer',
    title: 'Chemin de Fer',
    plays: (s) => s.cheminDeFer !== undefined,
    Screen: lazy(() => import('../chemin/CheminScreen')),
  },
  {
    name: 'baccara-banque',
    title: 'Baccara Banque',
    plays: (s) => s.baccaraBanque !== undefined,
    Screen: lazy(() => import('../banque/BanqueScreen')),
  },
  {
    name: 'punto-banco',
    title: 'Punto Banco',
    plays: () => true,
    Screen: lazy(() => import('../punto-banco/PuntoBancoScreen')),
  },
];

export function gameOf(settings: TableSettings): TableGame {
  return TABLE_GAMES.find((game) => game.plays(settings)) ?? TABLE_GAMES[TABLE_GAMES.length - 1]!;
}
