import type { TableSettings } from '@banco/protocol';
import type { TableGame } from '../core/game.js';
import type { Step } from '../core/step.js';
import { baccaraBanque } from './baccara-banque/game.js';
import { cheminDeFer } from './chemin-de-fer/game.js';
import { puntoBanco } from './punto-banco/game.js';

/**
 * The games a table can play, one line each; a table plays the first whose settings it has.
 * Punto Banco plays any table, so it comes last.
 */
export const GAMES: readonly TableGame<Step>[] = [baccaraBanque, cheminDeFer, puntoBanco];

/** The game a table with these settings plays: chosen once, when the table starts. */
export function gameFor(settings: TableSettings): TableGame<Step> {
  const game = GAMES.find((g) => g.plays(settings));
  if (!game) throw new Error('no game plays these settings');
  return game;
}
