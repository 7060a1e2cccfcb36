/** Where a room's ledger and recap are fetched (P8.10, P8.11), and what a download is named. */
export type LedgerFormat = 'json' | 'csv';

export const ledgerPath = (roomId: string, format: LedgerFormat) =>
  `/api/rooms/${encodeURIComponent(roomId)}/ledger?format=${format}`;

export const recapPath = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}/recap`;

/** The recap page of a room. */
export const recapLink = (roomId: string) => `/recap/?id=${encodeURIComponent(roomId)}`;

/** The file a download is saved as: the room's id and the format, nothing a person typed. */
export const ledgerFileName = (roomId: string, format: LedgerFormat) =>
  `banco-ledger-${roomId.replace(/[^A-Za-z0-9_-]/g, '')}.${format}`;
