export * from './backoff.js';
export * from './timers.js';
export * from './transport.js';
export * from './protocol-socket.js';
export * from './table-client.js';
