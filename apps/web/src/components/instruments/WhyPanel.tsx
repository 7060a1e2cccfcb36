import { whySentence } from '../../lib/words';
import { BankerTableau, PlayerRule } from '../tableau';
import { bankerCell, playerRow, type WhyStepView } from './why-cells';

export interface WhyPanelProps {
  why: { player?: WhyStepView; banker?: WhyStepView };
  /** The round being played or just played; null between shoes. */
  round: number | null;
}

/**
 * Why each hand drew or stood, on the rule tables themselves: the deciding row of the Player
 * rule and the deciding cell of the Banker tableau light up as the reveals say them.
 */
export default function WhyPanel({ why, round }: WhyPanelProps) {
  const player = why.player;
  const banker = why.banker;
  const lit = bankerCell(banker);
  const row = playerRow(player);
  const steps = [player, banker].filter((s): s is WhyStepView => s !== undefined);
  return (
    <div className="why" data-testid="why-panel">
      <div className="why__story" aria-live="polite" data-testid="why-story">
        {steps.length === 0 ? (
          <p>
            {round === null
              ? 'When a round is dealt, the rule behind each third card lights up here.'
              : `Round ${round}: the rules light up here as the cards are turned.`}
          </p>
        ) : (
          <ol>
            {steps.map((step) => (
              <li key={step.hand} data-hand={step.hand} data-rule={step.rule}>
                <span className={`why__hand why__hand--${step.hand}`}>
                  {step.hand === 'player' ? 'Player' : 'Banker'}
                </span>{' '}
                {whySentence(step)} <span className="why__rule">({step.rule})</span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="why__tables">
        <PlayerRule lit={row} explain={false} />
        <BankerTableau
          lit={lit}
          caption={
            lit
              ? `Does Banker draw? This round: Banker ${lit.banker}, ${lit.third === null ? 'Player stood' : `Player's third card ${lit.third}`}`
              : undefined
          }
        />
      </div>
    </div>
  );
}
