'use client';
import type { RoundRecord } from '@banco/protocol';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TableState } from '../../store/table-state';
import { loadRounds, replay, sessionStart, sessionStats, shoeRounds } from './history-data';
import { onOpenHand } from './open-hand';
import { unseenBeforeFirstRound } from './unseen';

// Each panel loads the first time it is shown: the roads and the odds bring the rules package.
const Scoreboard = lazy(() => import('./Scoreboard'));
const OddsPanel = lazy(() => import('./OddsPanel'));
const WhyPanel = lazy(() => import('./WhyPanel'));
const HandHistory = lazy(() => import('./HandHistory'));
const SessionPanel = lazy(() => import('./SessionPanel'));

const TABS = [
  { id: 'roads', label: 'Scoreboard' },
  { id: 'odds', label: 'The shoe, exactly' },
  { id: 'why', label: 'Why' },
  { id: 'history', label: 'Hands' },
  { id: 'session', label: 'Your session' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export interface TableInstrumentsProps {
  state: TableState;
}

/** The table's instruments under the felt: one tab at a time, so a phone shows each in full. */
export default function TableInstruments({ state }: TableInstrumentsProps) {
  const { tableId } = state;
  const [tab, setTab] = useState<TabId>('roads');
  const [rounds, setRounds] = useState<RoundRecord[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [since] = useState(() =>
    sessionStart(tableId, () => new Date(Date.now() + state.clockOffset)),
  );
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const resultRound = state.result?.round ?? null;
  const shoeId = state.shoe?.shoeId ?? null;

  // The history is read again after every result: the round is settled in the ledger by then.
  useEffect(() => {
    let alive = true;
    loadRounds(tableId).then(
      (list) => {
        if (!alive) return;
        setRounds(list);
        setFailed(false);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [tableId, resultRound]);

  const thisShoe = useMemo(() => shoeRounds(rounds ?? [], shoeId), [rounds, shoeId]);
  const beads = state.roads?.beadPlate.beads.length ?? 0;
  const naturals = useMemo(() => {
    if (rounds === null || thisShoe.length !== beads) return null;
    return thisShoe.filter((r) => {
      const played = replay(r);
      return played !== null && (played.player.natural || played.banker.natural);
    }).length;
  }, [rounds, thisShoe, beads]);

  // A pip of the result strip: open that round in the hand history.
  const [wanted, setWanted] = useState<number | null>(null);
  useEffect(() => onOpenHand((index) => setWanted(index)), []);
  useEffect(() => {
    if (wanted === null) return;
    const record = thisShoe[wanted];
    if (!record) return;
    setTab('history');
    setOpenId(record.id);
    setWanted(null);
    requestAnimationFrame(() =>
      document.getElementById('instruments')?.scrollIntoView({ block: 'start' }),
    );
  }, [wanted, thisShoe]);

  const stats = useMemo(
    () => (rounds ? sessionStats(rounds, state.you.playerId, since) : null),
    [rounds, state.you.playerId, since],
  );

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const to =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : step ? index + step : null;
    if (to === null) return;
    event.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length]!;
    setTab(next.id);
    tabRefs.current[next.id]?.focus();
  };

  const round = state.round?.seq ?? null;
  return (
    <section className="instruments" id="instruments" aria-label="Instruments">
      <div className="instruments__tabs" role="tablist" aria-label="Instruments">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className="instruments__tab"
            data-testid={`tab-${t.id}`}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        className="instruments__panel"
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        tabIndex={0}
      >
        <Suspense fallback={<p className="instruments__empty">Loading…</p>}>
          {tab === 'roads' ? <Scoreboard roads={state.roads} naturals={naturals} /> : null}
          {tab === 'odds' && state.settings ? (
            <OddsPanel
              unseen={state.odds?.unseen ?? unseenBeforeFirstRound(state.shoe)}
              settings={state.settings}
              round={state.phase.kind === 'result' || state.phase.kind === 'waiting' ? null : round}
            />
          ) : null}
          {tab === 'why' ? <WhyPanel why={state.why} round={round} /> : null}
          {tab === 'history' ? (
            <HandHistory
              tableId={tableId}
              playerId={state.you.playerId}
              rounds={rounds}
              failed={failed}
              openId={openId}
              onOpen={setOpenId}
            />
          ) : null}
          {tab === 'session' ? <SessionPanel stats={stats} since={since} /> : null}
        </Suspense>
      </div>
    </section>
  );
}
