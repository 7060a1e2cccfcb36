import {
  LEDGER_CSV_ROUND_COLUMNS,
  LEDGER_CSV_SESSION_COLUMNS,
  type LedgerExport,
} from '@banco/protocol';

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function field(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (values: readonly (string | number | null)[]) => values.map(field).join(',');

/**
 * P8.10: the ledger as CSV: the sessions under their header, a blank line, then one line per
 * round and player under theirs. Every line starts with the format, amounts in minor units.
 */
export function ledgerCsv(ledger: LedgerExport): string {
  const f = ledger.format;
  const sessions = ledger.sessions.map((s) =>
    line([
      f,
      s.playerId,
      s.name,
      s.joined,
      s.left,
      s.started,
      s.granted,
      s.wagered,
      s.won,
      s.net,
      s.ended,
    ]),
  );
  const rounds = ledger.rounds.flatMap((r) =>
    r.players.map((p) =>
      line([
        f,
        r.roundId,
        r.seq,
        r.shoeId,
        r.outcome,
        r.settledAt,
        r.commitment,
        p.playerId,
        p.stake,
        p.net,
      ]),
    ),
  );
  return [
    line(LEDGER_CSV_SESSION_COLUMNS),
    ...sessions,
    '',
    line(LEDGER_CSV_ROUND_COLUMNS),
    ...rounds,
    '',
  ].join('\r\n');
}
