import { allRoads, resolveFromCards, type CardCode, type RoadResult } from '@banco/rules';
import type { ShoeRecord } from '../../fairness/records';
import { RoundsOfShoe } from '../rounds/RoundsOfShoe';
import { LinkedRoundNote } from './LinkedRoundNote';

const LETTER = { player: 'P', banker: 'B', tie: 'T' } as const;
const WON = { player: 'Player won', banker: 'Banker won', tie: 'a tie' } as const;

interface Played {
  number: number;
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  outcome: 'player' | 'banker' | 'tie';
  result: RoadResult;
}

/** The recorded cards, read by the rules package: hands, totals and the road entry. */
function played(record: ShoeRecord): Played[] {
  return record.rounds.flatMap((r) => {
    if (r.voided || r.cards.length === 0) return [];
    const round = resolveFromCards(r.cards as CardCode[]);
    if (!round.ok) return [];
    const { player, banker, outcome } = round.value;
    return [
      {
        number: r.number,
        player: [...player.cards],
        banker: [...banker.cards],
        playerTotal: player.total,
        bankerTotal: banker.total,
        outcome,
        result: {
          outcome,
          playerPair: player.pair,
          bankerPair: banker.pair,
          playerTotal: player.total,
          bankerTotal: banker.total,
        },
      },
    ];
  });
}

/** One shoe's rounds (cards, totals, outcome) and its bead plate and big road. */
export function ShoeRounds({
  record,
  linked = null,
  night = null,
}: {
  record: ShoeRecord;
  /** The round a link points at: its row is marked and takes focus (the recap links here). */
  linked?: number | null;
  /** The same round in the room's count (the recap's), said beside the shoe's own number. */
  night?: number | null;
}) {
  const rounds = played(record);
  const roads = allRoads(rounds.map((r) => r.result));
  const linkedRow = rounds.find((r) => r.number === linked);
  return (
    <div className="shoe-rounds">
      <div className="roads">
        <figure className="road">
          <figcaption>Bead plate</figcaption>
          <div
            className="road__grid"
            role="img"
            aria-label={`Bead plate: ${rounds.map((r) => LETTER[r.outcome]).join(' ') || 'empty'}`}
            style={{ gridTemplateColumns: `repeat(${Math.max(roads.beadPlate.width, 1)}, 1.4rem)` }}
          >
            {roads.beadPlate.beads.map((bead) => (
              <span
                key={bead.round}
                className={`road__bead road__bead--${bead.outcome}`}
                style={{ gridColumn: bead.col + 1, gridRow: bead.row + 1 }}
              >
                {LETTER[bead.outcome]}
              </span>
            ))}
          </div>
        </figure>
        <figure className="road">
          <figcaption>Big road</figcaption>
          <div
            className="road__grid"
            role="img"
            aria-label={`Big road: ${roads.bigRoad.columns.length} runs`}
            style={{ gridTemplateColumns: `repeat(${Math.max(roads.bigRoad.width, 1)}, 1.4rem)` }}
          >
            {roads.bigRoad.columns.flatMap((column) =>
              column.entries.map((entry) => (
                <span
                  key={entry.round}
                  className={`road__ring road__ring--${entry.side}`}
                  style={{ gridColumn: entry.col + 1, gridRow: entry.row + 1 }}
                >
                  {entry.ties > 0 ? entry.ties : ''}
                </span>
              )),
            )}
          </div>
        </figure>
      </div>
      {linked !== null ? (
        <LinkedRoundNote
          unit="round"
          shoe={record.number}
          round={linked}
          night={night}
          result={linkedRow ? WON[linkedRow.outcome] : null}
          calledOff={record.rounds.some((r) => r.number === linked && r.voided)}
        />
      ) : null}
      <RoundsOfShoe
        linked={linked}
        label={{ text: `Rounds of shoe ${record.number}` }}
        rounds={rounds.map((r) => ({
          number: r.number,
          played: {
            player: { cards: r.player, total: r.playerTotal },
            banker: { cards: r.banker, total: r.bankerTotal },
            outcome: r.outcome,
          },
        }))}
      />
    </div>
  );
}

export default ShoeRounds;
