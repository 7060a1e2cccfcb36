import { ApiError } from '../lib/api';
import { serverOrigin } from '../lib/origin';
import { ledgerFileName, ledgerPath, type LedgerFormat } from './ledger';

/**
 * Saves the room's ledger as a file. The export answers members only, so the request carries
 * the player's token: a plain link could not, hence a fetched file handed to the browser.
 */
export async function downloadLedger(
  token: string,
  roomId: string,
  format: LedgerFormat,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${serverOrigin()}${ledgerPath(roomId, format)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  } catch {
    throw new ApiError('OFFLINE', 'The table server cannot be reached.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    throw new ApiError(body?.code ?? `HTTP_${response.status}`, response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = ledgerFileName(roomId, format);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the object is let go after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
