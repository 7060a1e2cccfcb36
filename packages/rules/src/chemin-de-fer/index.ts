export * from './draw-table.js';
export * from './cover.js';
export * from './bank.js';
export * from './settle.js';
export * from './coup.js';
export * from './after-coup.js';
export * from './shoe.js';
export * from './odds/index.js';
