import type { ShoeReply } from '@banco/protocol';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ShoeCheckProps, ShoeRoundsProps } from './shoe-game-props';

export type ShoeGameName = ShoeReply['game'];

export interface ShoeGame {
  /** The game as a page names it to people. */
  title: string;
  /** What the game calls one of its rounds: a coup where the players' choices play it. */
  round: 'round' | 'coup';
  /** /shoes: a shoe's rounds as the game reads them, loaded once a shoe of it is opened. */
  Rounds: LazyExoticComponent<ComponentType<ShoeRoundsProps>>;
  /**
   * /fairness: a game whose cards follow choices re-runs the recorded coups itself. Without one
   * the page re-deals the shoe from its seeds, every card by the fixed drawing table (R3).
   */
  Check?: LazyExoticComponent<ComponentType<ShoeCheckProps>>;
}

const tableRounds = lazy(() => import('./ShoeRounds'));

/**
 * The games a shoe may be dealt for (C6.1), as /shoes and /fairness show them: a new game is its
 * rows, its check and one line here, as a table's screen is in `table/games.ts`.
 */
export const SHOE_GAMES: Record<ShoeGameName, ShoeGame> = {
  'punto-banco': { title: 'Punto Banco', round: 'round', Rounds: tableRounds },
  'chemin-de-fer': {
    title: 'Chemin de Fer',
    round: 'coup',
    Rounds: lazy(() => import('../chemin/CheminShoeRounds')),
    Check: lazy(() => import('../chemin/CheminShoeCheck')),
  },
  'baccara-banque': {
    title: 'Baccara Banque',
    round: 'coup',
    Rounds: lazy(() => import('../banque/BanqueShoeRounds')),
    Check: lazy(() => import('../banque/BanqueShoeCheck')),
  },
};

/** A shoe's game, or the first game for a name this page does not know (an older record). */
export const shoeGameOf = (name: string | null | undefined): ShoeGame =>
  SHOE_GAMES[name as ShoeGameName] ?? SHOE_GAMES['punto-banco'];
