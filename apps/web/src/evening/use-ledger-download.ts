'use client';
import { useCallback, useState } from 'react';
import { ApiError } from '../lib/api';
import { refusalWords, type RefusalCode } from '../lib/words';
import { downloadLedger } from './download';
import type { LedgerFormat } from './ledger';

/** One download at a time, its refusal in words. */
export function useLedgerDownload(token: string | null, roomId: string) {
  const [downloading, setDownloading] = useState<LedgerFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = useCallback(
    (format: LedgerFormat) => {
      if (token === null) {
        setError('Join the room first: its ledger is for the people who played.');
        return;
      }
      setDownloading(format);
      setError(null);
      downloadLedger(token, roomId, format)
        .catch((e: unknown) =>
          setError(
            // A code this page has no words for (an HTTP failure) still gets a sentence.
            (e instanceof ApiError
              ? (refusalWords(e.code as RefusalCode) as string | undefined)
              : undefined) ?? 'The ledger could not be saved.',
          ),
        )
        .finally(() => setDownloading(null));
    },
    [token, roomId],
  );
  return { download, downloading, error };
}
