import { fairnessLink } from '../../fairness/records';
import type { LedgerFormat } from '../../evening/ledger';
import type { Figure, Recap } from '../../evening/recap';
import { chips, signedChips } from '../../lib/format';
import { Podium } from '../evening/Podium';

export interface RecapViewProps {
  roomId: string;
  roomName: string;
  /** Room chips or wallets: what the nets are counted in. */
  roomChips: boolean;
  closed: boolean;
  recap: Recap;
  onDownload: (format: LedgerFormat) => void;
  downloading: LedgerFormat | null;
  downloadError: string | null;
}

const OUTCOME: Record<string, string> = { player: 'P', banker: 'B', tie: 'T' };
const rounds = (n: number) => `${n} ${n === 1 ? 'round' : 'rounds'}`;

/** The night on one screen: podium, four figures, everyone's net, then every shoe and round. */
export function RecapView(props: RecapViewProps) {
  const { recap, roomId } = props;
  const figures: {
    key: string;
    title: string;
    figure: Figure | null;
    text: (f: Figure) => string;
  }[] = [
    {
      key: 'biggest-win',
      title: 'Biggest win',
      figure: recap.biggestWin,
      text: (f) => `${signedChips(f.value)} in round ${f.round?.number ?? '?'}`,
    },
    {
      key: 'longest-hold',
      title: 'Longest hold',
      figure: recap.longestHold,
      text: (f) => `${rounds(f.value)} in a row holding the shoe`,
    },
    {
      key: 'most-rounds',
      title: 'Most rounds dealt in',
      figure: recap.mostRounds,
      text: (f) => rounds(f.value),
    },
    {
      key: 'biggest-swing',
      title: 'Biggest swing',
      figure: recap.biggestSwing,
      text: (f) => `${chips(f.value)} from low to high`,
    },
  ];
  return (
    <div className="recap" data-testid="recap">
      <p className="recap__lead">
        {props.roomName} · {rounds(recap.rounds)} · {recap.shoes.length}{' '}
        {recap.shoes.length === 1 ? 'shoe' : 'shoes'} ·{' '}
        {props.roomChips ? 'room chips' : 'wallet chips'}
        {props.closed ? '' : ' · still playing'}
      </p>
      <Podium places={recap.players} title="The night’s podium" />

      <ul className="recap__figures" aria-label="The night’s figures">
        {figures.map(({ key, title, figure, text }) => (
          <li key={key} className="recap__figure" data-testid={`figure-${key}`}>
            <span className="recap__figure-title">{title}</span>
            {figure ? (
              <>
                <strong className="recap__figure-name">{figure.name}</strong>
                <span className="recap__figure-value" data-value={figure.value}>
                  {text(figure)}
                </span>
              </>
            ) : (
              <span className="recap__figure-value">Nobody yet</span>
            )}
          </li>
        ))}
      </ul>

      <section aria-labelledby="recap-net-title" className="recap__section">
        <h2 id="recap-net-title">Net by player</h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="recap-net-title">
          <table className="recap__table">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Started</th>
                <th scope="col">Granted</th>
                <th scope="col">Ended</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {recap.players.map((p) => (
                <tr key={p.playerId} data-testid={`recap-player-${p.playerId}`} data-net={p.net}>
                  <th scope="row">
                    {p.name}
                    <span className="recap__who">{p.account ? 'account' : 'guest'}</span>
                  </th>
                  <td>{chips(p.started)}</td>
                  <td>{chips(p.granted)}</td>
                  <td>{chips(p.ended)}</td>
                  <td className={p.net < 0 ? 'recap__down' : 'recap__up'}>{signedChips(p.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="recap-shoes-title" className="recap__section">
        <h2 id="recap-shoes-title">Shoes and rounds</h2>
        {recap.shoes.length === 0 ? <p>No round was dealt.</p> : null}
        <ol className="recap__shoes">
          {recap.shoes.map((shoe, i) => {
            const check = fairnessLink(shoe.shoeId, roomId);
            return (
              <li
                key={shoe.shoeId}
                className="recap__shoe"
                data-testid={`recap-shoe-${shoe.shoeId}`}
              >
                <p className="recap__shoe-head">
                  <strong>Shoe {i + 1}</strong> · {rounds(shoe.rounds.length)} ·{' '}
                  <a href={check}>Check this shoe is fair</a>
                </p>
                <p className="recap__hash">
                  Commitment <code>{shoe.commitment.slice(0, 16)}…</code>
                </p>
                <ul className="recap__rounds" aria-label={`Rounds of shoe ${i + 1}`}>
                  {shoe.rounds.map((r) => (
                    <li key={r.seq}>
                      <a
                        href={`${check}#round-${r.number}`}
                        className={`recap__round recap__round--${r.outcome}`}
                        aria-label={`Round ${r.number}: ${r.outcome}`}
                      >
                        {r.number}
                        <span aria-hidden="true">{OUTCOME[r.outcome] ?? ''}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      </section>

      <LedgerDownloads
        onDownload={props.onDownload}
        downloading={props.downloading}
        error={props.downloadError}
      />
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
      <span>The room’s ledger:</span>
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
