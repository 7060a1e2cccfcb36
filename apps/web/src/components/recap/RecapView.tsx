import type { Recap } from '@banco/protocol';
import type { LedgerFormat } from '../../evening/ledger';
import { chips, signedChips } from '../../lib/format';
import { Podium } from '../evening/Podium';

export interface RecapViewProps {
  recap: Recap;
  onDownload: (format: LedgerFormat) => void;
  downloading: LedgerFormat | null;
  downloadError: string | null;
}

const OUTCOME = { player: 'Player', banker: 'Banker', tie: 'Tie' } as const;
const LETTER = { player: 'P', banker: 'B', tie: 'T' } as const;
const rounds = (n: number) => `${n} ${n === 1 ? 'round' : 'rounds'}`;
const when = (ms: number) =>
  new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

interface Figure {
  key: string;
  title: string;
  name: string | null;
  value: number | null;
  text: string;
}

/** The four figures of the night, each with its player, as the server counted them. */
function figuresOf(recap: Recap): Figure[] {
  const roundOf = (roundId: string) => recap.rounds.find((r) => r.roundId === roundId);
  const win = recap.biggestWin;
  return [
    {
      key: 'biggest-win',
      title: 'Biggest win',
      name: win?.name ?? null,
      value: win?.amount ?? null,
      text: win ? `${signedChips(win.amount)} in round ${roundOf(win.roundId)?.seq ?? '?'}` : '',
    },
    {
      key: 'longest-hold',
      title: 'Longest hold',
      name: recap.longestHold?.name ?? null,
      value: recap.longestHold?.rounds ?? null,
      text: recap.longestHold ? `${rounds(recap.longestHold.rounds)} in a row` : '',
    },
    {
      key: 'most-dealt',
      title: 'Most rounds dealt',
      name: recap.mostDealt?.name ?? null,
      value: recap.mostDealt?.rounds ?? null,
      text: recap.mostDealt ? rounds(recap.mostDealt.rounds) : '',
    },
    {
      key: 'biggest-swing',
      title: 'Biggest swing',
      name: recap.biggestSwing?.name ?? null,
      value: recap.biggestSwing?.amount ?? null,
      text: recap.biggestSwing ? `${chips(recap.biggestSwing.amount)} from low to high` : '',
    },
  ];
}

/** The night on one screen: podium, four figures, everyone's net, then every shoe and round. */
export function RecapView({ recap, onDownload, downloading, downloadError }: RecapViewProps) {
  const shoes = [...recap.shoes].sort((a, b) => a.number - b.number);
  return (
    <div className="recap" data-testid="recap">
      <p className="recap__lead">
        {rounds(recap.rounds.length)} · {shoes.length} {shoes.length === 1 ? 'shoe' : 'shoes'} ·{' '}
        {recap.chips === 'room' ? 'room chips' : 'wallet chips'}
        {recap.from !== null ? ` · ${when(recap.from)}` : ''}
        {recap.closed ? '' : ' · still playing'}
      </p>
      <Podium places={recap.net} title="The night’s podium" />

      <ul className="recap__figures" aria-label="The night’s figures">
        {figuresOf(recap).map((f) => (
          <li
            key={f.key}
            className="recap__figure"
            data-testid={`figure-${f.key}`}
            data-value={f.value ?? undefined}
          >
            <span className="recap__figure-title">{f.title}</span>
            {f.name ? (
              <>
                <strong className="recap__figure-name">{f.name}</strong>
                <span className="recap__figure-value">{f.text}</span>
              </>
            ) : (
              <span className="recap__figure-value">Nobody yet</span>
            )}
          </li>
        ))}
      </ul>

      <section aria-labelledby="recap-net-title" className="recap__section">
        <h2 id="recap-net-title">Net by player</h2>
        <ol className="recap__net">
          {recap.net.map((p) => (
            <li key={p.playerId} data-testid={`recap-player-${p.playerId}`} data-net={p.net}>
              <span>{p.name}</span>
              <strong className={p.net < 0 ? 'recap__down' : 'recap__up'}>
                {signedChips(p.net)}
              </strong>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="recap-shoes-title" className="recap__section">
        <h2 id="recap-shoes-title">Shoes and rounds</h2>
        {shoes.length === 0 ? <p>No round was dealt.</p> : null}
        <ol className="recap__shoes">
          {shoes.map((shoe) => (
            <li key={shoe.shoeId} className="recap__shoe" data-testid={`recap-shoe-${shoe.number}`}>
              <p className="recap__shoe-head">
                <strong>Shoe {shoe.number}</strong> · {rounds(shoe.rounds)} ·{' '}
                <a href={shoe.verify}>Check shoe {shoe.number} is fair</a>
              </p>
              <ul className="recap__rounds" aria-label={`Rounds of shoe ${shoe.number}`}>
                {recap.rounds
                  .filter((r) => r.shoeId === shoe.shoeId)
                  .map((r) => (
                    <li key={r.roundId}>
                      <a href={r.link} className={`recap__round recap__round--${r.outcome}`}>
                        {/* One name in words, in one piece (Chromium spaces out separate pieces);
                            the number and letter the tile shows are its picture. */}
                        <span className="sr-only">{`Round ${r.seq}: ${OUTCOME[r.outcome]}`}</span>
                        <span aria-hidden="true">
                          {r.seq}
                          {LETTER[r.outcome]}
                        </span>
                      </a>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>

      <LedgerDownloads onDownload={onDownload} downloading={downloading} error={downloadError} />
    </div>
  );
}

/** The room's ledger as a file, from the recap and from the table. */
export function LedgerDownloads({
  onDownload,
  downloading,
  error,
}: {
  onDownload: (format: LedgerFormat) => void;
  downloading: LedgerFormat | null;
  error: string | null;
}) {
  return (
    <section className="ledger-downloads" aria-label="The room’s ledger">
      <span className="ledger-downloads__label">The room’s ledger</span>
      {(['csv', 'json'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="small"
          data-testid={`ledger-${format}`}
          disabled={downloading !== null}
          onClick={() => onDownload(format)}
        >
          {downloading === format ? 'Saving…' : `Download ${format.toUpperCase()}`}
        </button>
      ))}
      {error ? (
        <p className="refusal" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
