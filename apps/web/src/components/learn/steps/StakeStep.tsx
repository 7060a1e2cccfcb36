import type { MainSpot } from '@banco/rules';
import { useState } from 'react';
import { chips } from '../../../lib/format';
import { Beats } from '../Beats';
import { PRACTICE_STAKE, PRACTICE_STAKES, PRACTICE_START } from '../deals';
import { Feedback, Quiz } from '../Quiz';
import { SPOT_NAMES } from '../words';
import type { StepProps } from './types';

const SPOTS: readonly MainSpot[] = ['player', 'banker', 'tie'];
const ASKED: MainSpot = 'player';

interface Draft {
  spot: MainSpot | null;
  stake: number | null;
}

/** Step 4: a draft, a confirmed bet, and why a balance of 90 is not a loss. */
export function StakeStep({ onComplete }: StepProps) {
  const [draft, setDraft] = useState<Draft>({ spot: null, stake: null });
  const [confirmed, setConfirmed] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const committed = confirmed ? (draft.stake ?? 0) : 0;
  const balance = PRACTICE_START - committed;

  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setRefusal(null);
  };

  const confirm = (done: () => void) => {
    if (draft.spot === null || draft.stake === null) {
      setRefusal('Choose a spot and a stake first: the bet is still empty.');
    } else if (draft.spot !== ASKED) {
      setRefusal(
        `This example asks for ${SPOT_NAMES[ASKED]}, and your draft says ${SPOT_NAMES[draft.spot]}. A draft is yours to change until you confirm: pick ${SPOT_NAMES[ASKED]}.`,
      );
    } else if (draft.stake !== PRACTICE_STAKE) {
      setRefusal(
        `This example asks for ${chips(PRACTICE_STAKE)} chips, and your draft says ${chips(draft.stake)}. Change the stake, then confirm.`,
      );
    } else {
      setConfirmed(true);
      done();
    }
  };

  return (
    <>
      <p>
        You start with {chips(PRACTICE_START)} practice chips. Your <strong>balance</strong> is what
        you have not put on the table. Until you confirm, a bet is only a draft and you can change
        it freely. Once confirmed, the stake leaves your balance and waits on the table for the
        result.
      </p>
      <Beats
        onComplete={onComplete}
        beats={[
          {
            key: 'bet',
            render: (done) => (
              <section className="lesson-bet" aria-labelledby="lesson-bet-title">
                <h3 id="lesson-bet-title">
                  Bet {chips(PRACTICE_STAKE)} on {SPOT_NAMES[ASKED]}, then confirm
                </h3>
                <dl className="lesson-bet__money">
                  <div>
                    <dt>Balance</dt>
                    <dd data-testid="lesson-balance">{chips(balance)}</dd>
                  </div>
                  <div>
                    <dt>Committed</dt>
                    <dd data-testid="lesson-committed">{chips(committed)}</dd>
                  </div>
                  <div>
                    <dt>Draft</dt>
                    <dd data-testid="lesson-draft">
                      {confirmed
                        ? 'none (confirmed)'
                        : draft.spot || draft.stake
                          ? `${draft.spot ? SPOT_NAMES[draft.spot] : 'no spot'}, ${draft.stake ? chips(draft.stake) : 'no stake'}`
                          : 'empty'}
                    </dd>
                  </div>
                </dl>
                <div className="lesson-bet__row" role="group" aria-label="Spot">
                  {SPOTS.map((spot) => (
                    <button
                      key={spot}
                      type="button"
                      className={`lesson-spot lesson-spot--${spot}`}
                      aria-pressed={draft.spot === spot}
                      disabled={confirmed}
                      onClick={() => change({ spot })}
                    >
                      {SPOT_NAMES[spot]}
                    </button>
                  ))}
                </div>
                <div className="lesson-bet__row" role="group" aria-label="Stake">
                  {PRACTICE_STAKES.map((stake) => (
                    <button
                      key={stake}
                      type="button"
                      className="lesson-chip"
                      aria-pressed={draft.stake === stake}
                      aria-label={`Stake ${chips(stake)}`}
                      disabled={confirmed}
                      onClick={() => change({ stake })}
                    >
                      {chips(stake)}
                    </button>
                  ))}
                </div>
                {confirmed ? (
                  <p className="lesson-bet__locked">
                    Confirmed: {chips(committed)} on {SPOT_NAMES[ASKED]}. The spot and the stake can
                    no longer change.
                  </p>
                ) : (
                  <button type="button" className="primary" onClick={() => confirm(done)}>
                    Confirm
                  </button>
                )}
                <Feedback verdict={refusal ? { right: false, text: refusal } : null} />
              </section>
            ),
          },
          {
            key: 'not-lost',
            render: (done) => (
              <Quiz
                testId="quiz-not-lost"
                question={`Your balance shows ${chips(balance)}. Have you lost ${chips(PRACTICE_STAKE)} chips?`}
                choices={[
                  { id: 'lost', label: `Yes, the ${chips(PRACTICE_STAKE)} is gone` },
                  {
                    id: 'waiting',
                    label: `No, the ${chips(PRACTICE_STAKE)} is committed and waits for the result`,
                  },
                ]}
                answer="waiting"
                explainWrong={() =>
                  `Not yet: no card has been dealt. The ${chips(PRACTICE_STAKE)} sits on the table until the round is settled. It may come back with winnings, come back alone, or be collected.`
                }
                explainRight={`${chips(balance)} is what you still hold; ${chips(committed)} is on the table, waiting.`}
                onSolved={done}
              />
            ),
          },
          {
            key: 'final',
            render: (done) => (
              <Quiz
                testId="quiz-final"
                question="The cards come out and Banker looks stronger. Can you move your bet to Banker?"
                choices={[
                  { id: 'yes', label: 'Yes, until the result is announced' },
                  { id: 'no', label: 'No, a confirmed bet cannot change' },
                ]}
                answer="no"
                explainWrong={() =>
                  'Only a draft can change. Once you confirm, the bet is final: nobody may change a bet after seeing cards.'
                }
                explainRight="Take your time over the draft; confirming is the moment it becomes final."
                onSolved={done}
              />
            ),
          },
        ]}
      />
    </>
  );
}
