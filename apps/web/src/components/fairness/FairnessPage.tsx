'use client';
import type { LastHandRule } from '@banco/rules';
import { Suspense, useEffect, useState, type ComponentType, type FormEvent } from 'react';
import {
  checkShoe,
  type RecordedRound,
  type RevealedShoe,
  type ShoeCheck,
} from '../../fairness/replay';
import {
  fetchShoe,
  fetchTotals,
  recordedRounds,
  revealedOf,
  type ShoeRecord,
} from '../../fairness/records';
import { ApiError } from '../../lib/api';
import { PageShell } from '../pages/PageShell';
import type { ShoeCheckProps } from '../shoes/shoe-game-props';
import { shoeGameOf } from '../shoes/shoe-games';
import { RerunFailed, VerdictFrame } from './VerdictFrame';
import { RoundsTable } from './RoundsTable';
import { TestVectors } from './TestVectors';

interface Form {
  serverSeed: string;
  clientSeed: string;
  commitment: string;
  contributions: string;
  useContributions: boolean;
  shoeNumber: string;
  decks: string;
  cut: string;
  lastHand: LastHandRule;
}

const EMPTY: Form = {
  serverSeed: '',
  clientSeed: '',
  commitment: '',
  contributions: '',
  useContributions: false,
  shoeNumber: '1',
  decks: '8',
  cut: '16',
  lastHand: 'plus-one',
};

function run(form: Form, recorded: RecordedRound[] | null): ShoeCheck {
  const number = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);
  return checkShoe(
    {
      serverSeed: form.serverSeed.trim(),
      clientSeed: form.useContributions ? '' : form.clientSeed.trim(),
      commitment: form.commitment.trim(),
      contributions: form.useContributions
        ? form.contributions.split('\n').filter((line) => line !== '')
        : null,
      shoeNumber: number(form.shoeNumber),
      decks: number(form.decks),
      cut: number(form.cut),
      lastHand: form.lastHand,
    },
    recorded,
  );
}

/**
 * /fairness: re-runs a revealed shoe in this browser with @banco/rules and compares it round by
 * round with what the table recorded. Opened from an ended shoe (?shoe=…&table=…) it fetches
 * both and checks at once; otherwise the seeds can be pasted in.
 */
export function FairnessPage() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [recorded, setRecorded] = useState<RecordedRound[] | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [check, setCheck] = useState<ShoeCheck | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  // A game whose coups follow choices re-runs them itself (C6.1, B6.1): its check and its inputs.
  const [own, setOwn] = useState<{
    Check: ComponentType<ShoeCheckProps>;
    record: ShoeRecord;
    revealed: RevealedShoe;
    coups: number;
  } | null>(null);

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const shoeId = query.get('shoe');
    const tableId = query.get('table');
    if (!shoeId || !tableId) return;
    setLoading('Fetching the shoe the table recorded…');
    void (async () => {
      try {
        const record = await fetchShoe(shoeId, tableId);
        const revealed = revealedOf(record);
        if (!revealed) {
          setLoading('This shoe is still in play: its server seed is published when it ends.');
          return;
        }
        const filled: Form = {
          ...EMPTY,
          serverSeed: revealed.serverSeed,
          clientSeed: revealed.clientSeed,
          commitment: revealed.commitment,
          shoeNumber: String(revealed.shoeNumber),
          decks: String(revealed.decks),
          cut: String(revealed.cut),
          lastHand: revealed.lastHand,
        };
        // C6.1: the record says its game; the address's game is for servers older than that.
        const game = shoeGameOf(
          record.game !== 'punto-banco' ? record.game : (query.get('game') ?? record.game),
        );
        if (game.Check) {
          setForm(filled);
          setSource(`${game.title} shoe ${record.number} of table ${tableId}`);
          setOwn({
            Check: game.Check,
            record,
            revealed,
            coups: record.rounds.filter((r) => r.cards.length > 0).length,
          });
          setLoading(null);
          return;
        }
        const totals = await fetchTotals(tableId, shoeId).catch(() => new Map());
        const rounds = recordedRounds(record, totals);
        setForm(filled);
        setRecorded(rounds);
        setSource(`shoe ${record.number} of table ${tableId}`);
        setCheck(run(filled, rounds));
        setLoading(null);
      } catch (e) {
        setLoading(
          e instanceof ApiError && e.code === 'UNKNOWN_SHOE'
            ? 'No such shoe at that table.'
            : 'The shoe could not be fetched.',
        );
      }
    })();
  }, []);

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const numeric = (key: 'shoeNumber' | 'decks' | 'cut', label: string) => (
    <label>
      {label}
      <input inputMode="numeric" value={form[key]} onChange={(e) => set(key, e.target.value)} />
    </label>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCheck(run(form, recorded));
  };

  return (
    <PageShell title="Check a shoe yourself">
      <section aria-labelledby="how-title">
        <h2 id="how-title">How a shoe is locked, then opened</h2>
        <ol className="page__steps">
          <li>
            <strong>Commit.</strong> Before a single card leaves the shoe, the table picks a secret
            server seed and shows everyone its SHA-256 fingerprint, the commitment.
          </li>
          <li>
            <strong>Contributions.</strong> For a few seconds anyone at the table can add a word of
            their own. The client seed is the SHA-256 of the commitment and those words, so the
            server could not have picked its seed to suit the shuffle.
          </li>
          <li>
            <strong>Reveal.</strong> When the cut card ends the shoe, the server seed is published.
            Hash it and you get the commitment back; shuffle with it and you get every card the
            table dealt, in order.
          </li>
        </ol>
        <p>
          This page does that here, in your browser, with the same code the table runs. Nothing is
          sent anywhere.
        </p>
      </section>

      <form className="fair-form" onSubmit={submit} aria-labelledby="form-title">
        <h2 id="form-title">The revealed shoe</h2>
        {source ? (
          <p data-testid="fair-source">
            Filled in from {source}, with its{' '}
            {own
              ? `${own.coups} ${own.coups === 1 ? 'coup' : 'coups'} dealt`
              : `${recorded?.length ?? 0} recorded rounds`}
            .
          </p>
        ) : null}
        <label>
          Server seed (64 hex characters)
          <input
            value={form.serverSeed}
            onChange={(e) => set('serverSeed', e.target.value)}
            spellCheck={false}
            autoComplete="off"
            required
          />
        </label>
        <label>
          Commitment the table showed (optional)
          <input
            value={form.commitment}
            onChange={(e) => set('commitment', e.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <label className="fair-form__check">
          <input
            type="checkbox"
            checked={form.useContributions}
            onChange={(e) => set('useContributions', e.target.checked)}
          />
          Make the client seed from the contributions
        </label>
        {form.useContributions ? (
          <label>
            Contributions, one a line, in the order they arrived (none: leave it empty)
            <textarea
              value={form.contributions}
              onChange={(e) => set('contributions', e.target.value)}
              rows={3}
              spellCheck={false}
            />
          </label>
        ) : (
          <>
            <label>
              Client seed
              <input
                value={form.clientSeed}
                onChange={(e) => set('clientSeed', e.target.value)}
                spellCheck={false}
                autoComplete="off"
                aria-describedby="client-seed-help"
                required
              />
            </label>
            {/* Where a newcomer pastes, where it comes from: they asked which seed this was. */}
            <p id="client-seed-help" className="fair-form__help" data-testid="client-seed-help">
              64 hex characters, not the words people typed: copy it from the shoe on{' '}
              <a href="/shoes/">Past shoes</a> (its “Verify shoe” link fills in this whole form), or
              tick the box above to make it from the contributions.
            </p>
          </>
        )}
        <div className="fair-form__row">
          {numeric('shoeNumber', 'Shoe number')}
          {numeric('decks', 'Decks')}
          {numeric('cut', 'Cards behind the cut')}
          <label>
            Last hand
            <select
              value={form.lastHand}
              onChange={(e) => set('lastHand', e.target.value as LastHandRule)}
            >
              <option value="plus-one">one more after the cut card</option>
              <option value="finish-current">finish the current hand</option>
            </select>
          </label>
        </div>
        <button type="submit" className="primary">
          Re-run the shoe
        </button>
      </form>

      {loading ? (
        <p role="status" data-testid="fair-loading">
          {loading}
        </p>
      ) : null}
      {own ? (
        <Suspense fallback={<p role="status">Loading the game’s re-run…</p>}>
          <own.Check record={own.record} revealed={own.revealed} />
        </Suspense>
      ) : null}
      {check ? <Verdict check={check} /> : null}
      {check?.ok ? <RoundsTable rows={check.rows} /> : null}
      <TestVectors />
    </PageShell>
  );
}

function Verdict({ check }: { check: ShoeCheck }) {
  if (!check.ok) return <RerunFailed message={check.message} />;
  const { difference } = check;
  return (
    <VerdictFrame
      verdict={difference ? 'different' : check.compared ? 'verified' : 'replayed'}
      facts={[
        { term: 'Commitment', value: check.commitment, mono: true },
        { term: 'Client seed', value: check.clientSeed, mono: true },
        { term: 'Burn', value: `${check.burnShown} shown, ${check.burned} burned unseen` },
      ]}
    >
      {difference ? (
        <p>
          <span aria-hidden="true">✗ </span>
          <strong>
            {difference.round === null
              ? 'The seeds do not match.'
              : `Round ${difference.round} differs.`}
          </strong>{' '}
          <span data-testid="fair-difference">{difference.what}.</span>
        </p>
      ) : check.compared ? (
        <p>
          <span aria-hidden="true">✓ </span>
          <strong>Verified.</strong> The server seed hashes to the commitment, and all{' '}
          {check.rows.filter((r) => r.same).length} recorded rounds are exactly the cards this shoe
          deals.
        </p>
      ) : (
        <p>
          <strong>Re-run.</strong> The shoe deals the {check.rows.length} rounds below. Compare them
          with the ones you saw.
        </p>
      )}
    </VerdictFrame>
  );
}
