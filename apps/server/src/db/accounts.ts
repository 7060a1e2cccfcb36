// Ledger account ids. Every ledger transaction that holds more than one account row takes them
// in one global order: wallets (by id), then table escrows, then the house, then REFILL (the SQL
// functions of migration 20261201120000_hot_path do), so two transactions never wait on each
// other's rows in opposite orders: no deadlocks. They lock FOR NO KEY UPDATE, not FOR UPDATE:
// transfer inserts, whose foreign-key checks take KEY SHARE on the same rows, are then not
// blocked.

export const HOUSE_ACCOUNT = 'house';
export const REFILL_ACCOUNT = 'refill';
export const walletAccount = (playerId: string): string => `wallet:${playerId}`;
export const escrowAccount = (tableId: string): string => `escrow:${tableId}`;
// T10.8: a room with room chips: its issuer, its house and each player's stack.
export const issuerAccount = (roomId: string): string => `issuer:${roomId}`;
export const roomHouseAccount = (roomId: string): string => `roomhouse:${roomId}`;
export const stackAccount = (roomId: string, playerId: string): string =>
  `stack:${roomId}:${playerId}`;
