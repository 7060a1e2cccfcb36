import type { Spot } from '@banco/rules';
import type { TableSettings } from '@banco/protocol';
import { useId, useState } from 'react';
import { chipTray } from '../bets/chips';
import {
  draftBets,
  draftStep,
  draftTotal,
  EMPTY_DRAFT,
  type Draft,
  type DraftAction,
} from '../bets/draft';
import { payoutLabel, SPOT_LABELS, tableSpots } from '../bets/spots';
import { chips } from '../lib/format';
import { refusalWords, type RefusalCode } from '../lib/words';
import type { Answer, Bet } from '../table/answer';

export type { Answer, Bet };

export interface BetPanelProps {
  settings: TableSettings;
  /** True while this player may still bet this round. */
  open: boolean;
  /** Seat balance: what can still be staked. */
  available: number;
  /** This round's confirmed stakes. */
  committed: readonly Bet[];
  /** Last round's confirmed stakes, for Rebet. */
  lastBets: readonly Bet[];
  /** House edge per spot, from the live odds. */
  edges?: Record<string, number> | null;
  /** Exact chance of each spot winning next round, from the cards left (R13). */
  chances?: Partial<Record<string, number>> | null;
  onConfirm(bets: Bet[]): Promise<Answer>;
  onNoBet(): Promise<Answer>;
  /** Chip sound, when sound is on. */
  onChip?(): void;
  /**
   * The chip value picked before, kept by the table screen: the panel is new each round (its
   * draft starts empty), but the chip in hand is the player's until they pick another.
   */
  chosenChip?: number | null;
  onChooseChip?(value: number): void;
}

interface Shown {
  spot: Spot | null;
  code: RefusalCode;
}

/**
 * A negative house edge is the bettor's: say so in words rather than print a minus. Not
 * "player edge", which under the Banker spot read as the Player bet's edge.
 */
export function edgeWords(edge: number): string {
  const percent = `${(Math.abs(edge) * 100).toFixed(2)}%`;
  return edge >= 0 ? `house edge ${percent}` : `${percent} in your favour`;
}

function refusalText(shown: Shown, settings: TableSettings): string {
  const words = refusalWords(shown.code);
  const limit = shown.spot ? settings.limits[shown.spot] : undefined;
  if (limit && shown.code === 'OVER_MAX') return `${words} (${chips(limit.max)} at most)`;
  if (limit && shown.code === 'UNDER_MIN') return `${words} (${chips(limit.min)} at least)`;
  return words;
}

/** A refusal in plain words, with its stable code for tests and tools. */
function Refusal({ shown, settings }: { shown: Shown; settings: TableSettings }) {
  return (
    <p className="refusal" role="alert" data-testid="refusal" data-code={shown.code}>
      {refusalText(shown, settings)}
    </p>
  );
}

/**
 * The betting layout: a chip tray, one spot per bet the table takes, and a draft the player
 * changes freely (undo, clear, rebet, double) until Confirm sends it as one command (T3.1).
 */
export function BetPanel(props: BetPanelProps) {
  const { settings, open, available, committed } = props;
  const spots = tableSpots(settings);
  const tray = chipTray(settings.limits);
  const [chip, setChip] = useState<number>(() =>
    props.chosenChip != null && tray.includes(props.chosenChip)
      ? props.chosenChip
      : (tray[0] ?? 100),
  );
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [refusal, setRefusal] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const trayLabel = useId();

  const total = draftTotal(draft.stacks);
  const committedTotal = committed.reduce((sum, b) => sum + b.amount, 0);
  const stakeOn = (spot: Spot) =>
    committed.filter((b) => b.spot === spot).reduce((sum, b) => sum + b.amount, 0);

  const act = (action: DraftAction) => {
    const step = draftStep(draft, action, { limits: settings.limits, available });
    setDraft(step.draft);
    setRefusal(step.refusal);
    if (!step.refusal && step.draft !== draft) props.onChip?.();
  };

  const answer = (result: Answer, onOk: () => void) => {
    if (result.ok) {
      setRefusal(null);
      onOk();
    } else {
      setRefusal({ spot: result.spot ?? null, code: result.code });
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      answer(await props.onConfirm(draftBets(draft.stacks)), () => setDraft(EMPTY_DRAFT));
    } finally {
      setBusy(false);
    }
  };
  const noBet = async () => {
    setBusy(true);
    try {
      answer(await props.onNoBet(), () => setDraft(EMPTY_DRAFT));
    } finally {
      setBusy(false);
    }
  };

  const general = refusal && refusal.spot === null ? refusal : null;
  const edits: [string, DraftAction, boolean][] = [
    ['Undo', { type: 'undo' }, draft.history.length > 0],
    ['Clear', { type: 'clear' }, total > 0],
    ['Rebet', { type: 'rebet', bets: props.lastBets }, props.lastBets.length > 0],
    ['Double', { type: 'double' }, total > 0],
  ];
  return (
    <section className="bets" aria-label="Your bets">
      <div className="bets__balances">
        <p>
          Available{' '}
          <strong data-testid="balance-available" data-minor={available - total}>
            {chips(available - total)}
          </strong>
        </p>
        <p>
          On the table{' '}
          <strong data-testid="balance-committed" data-minor={committedTotal}>
            {chips(committedTotal)}
          </strong>
        </p>
        {total > 0 ? (
          <p>
            In your draft <strong data-testid="balance-draft">{chips(total)}</strong>
          </p>
        ) : null}
      </div>

      {spots.some((spot) => (props.edges?.[spot] ?? 0) < 0) ? (
        <p className="bets__swing" data-testid="bets-swing">
          “In your favour” is the cards left in this shoe, and only for now: the next cards dealt
          can turn it back.
        </p>
      ) : null}
      <div className="spots">
        {spots.map((spot) => {
          const limit = settings.limits[spot]!;
          const drafted = draft.stacks[spot] ?? 0;
          const staked = stakeOn(spot);
          const edge = props.edges?.[spot];
          const chance = props.chances?.[spot];
          const mine = refusal?.spot === spot ? refusal : null;
          const pays = payoutLabel(spot, settings.rules);
          return (
            <div key={spot} className={`spot spot--${spot}`}>
              <button
                type="button"
                className="spot__button"
                aria-describedby={`${trayLabel}-${spot}-info`}
                disabled={!open || busy}
                onClick={() => act({ type: 'add', spot, amount: chip })}
              >
                {/* Named by what it shows (WCAG 2.5.3): "Banker pays 0.95 to 1", then the draft. */}
                <span className="spot__name">{SPOT_LABELS[spot]}</span>{' '}
                <span className="spot__pays">{pays}</span>
                {drafted > 0 ? (
                  <span className="spot__draft chip-stack" data-testid={`draft-${spot}`}>
                    {chips(drafted)}
                  </span>
                ) : null}
              </button>
              <span className="spot__info" id={`${trayLabel}-${spot}-info`}>
                {chips(limit.min)}–{chips(limit.max)}
                {chance !== undefined ? ` · wins ${(chance * 100).toFixed(2)}%` : ''}
                {edge !== undefined ? ` · ${edgeWords(edge)}` : ''}
              </span>
              {staked > 0 ? (
                <span
                  className="spot__committed"
                  data-testid={`committed-${spot}`}
                  data-minor={staked}
                >
                  {chips(staked)} confirmed
                </span>
              ) : null}
              {mine ? <Refusal shown={mine} settings={settings} /> : null}
            </div>
          );
        })}
      </div>

      <div className="bets__row">
        <div className="tray" role="radiogroup" aria-labelledby={`${trayLabel}-tray`}>
          <span id={`${trayLabel}-tray`} className="tray__label">
            Chip value
          </span>
          {tray.map((value) => (
            <label key={value} className={`chip chip--${tray.indexOf(value)}`}>
              <input
                type="radio"
                name={`${trayLabel}-chip`}
                value={value}
                checked={chip === value}
                onChange={() => {
                  setChip(value);
                  props.onChooseChip?.(value);
                }}
              />
              <span>{chips(value)}</span>
            </label>
          ))}
        </div>

        <div className="bets__actions">
          {edits.map(([label, action, usable]) => (
            <button
              key={label}
              type="button"
              disabled={!open || busy || !usable}
              onClick={() => act(action)}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            className="primary"
            disabled={!open || busy || total === 0}
            onClick={() => void confirm()}
          >
            Confirm bets
          </button>
          <button type="button" disabled={!open || busy} onClick={() => void noBet()}>
            No bet this round
          </button>
        </div>
      </div>
      {general ? <Refusal shown={general} settings={settings} /> : null}
    </section>
  );
}
