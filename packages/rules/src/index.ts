export * from './result.js';
export * from './cards.js';
export * from './tableau.js';
export * from './round.js';
export * from './settlement.js';
export * from './paytable.js';
export * from './printed-payout.js';
export * from './roads/index.js';
export * from './fairness.js';
export * from './shoe-config.js';
export * from './shoe.js';
export * from './shoe-json.js';
export * from './fair-shoe.js';
export * from './odds/index.js';
export * from './simulator/index.js';
export * from './stats.js';
/** Chemin de Fer (R14–R18) under one name: its drawing table and hands differ from Punto Banco's. */
export * as cheminDeFer from './chemin-de-fer/index.js';
/** Baccara Banque (R20–R24) under one name: two tableaux against one banker for a whole shoe. */
export * as baccaraBanque from './baccara-banque/index.js';
