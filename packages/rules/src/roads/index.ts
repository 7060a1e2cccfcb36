export * from './road-result.js';
export * from './grid.js';
export * from './bead-plate.js';
export * from './big-road.js';
export * from './derived-roads.js';
export * from './ask-road.js';
export * from './all-roads.js';
