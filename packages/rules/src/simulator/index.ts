export * from './prng.js';
export * from './fast-round.js';
export * from './shuffle.js';
export * from './play-shoe.js';
export * from './simulate.js';
