import { cardValue, type CardCode } from '@banco/rules';
import { useState } from 'react';
import { cardSpoken } from '../../../lib/format';
import {
  BankerTableau,
  PlayerRule,
  columnLabel,
  explainCell,
  verdictOf,
  type TableauCell,
} from '../../tableau';
import { Beats } from '../Beats';
import { SECOND_DEAL } from '../deals';
import { Feedback, Quiz } from '../Quiz';
import type { StepProps } from './types';

const secondThird = SECOND_DEAL.player.cards[2] as CardCode;
const secondThirdValue = cardValue(secondThird);

/** The seed's look-ups: Banker 4 against a 2 and against an 8, then step 7's Banker 3 and 8. */
export const LOOKUPS: readonly TableauCell[] = [
  { banker: 4, third: 2 },
  { banker: 4, third: 8 },
  { banker: SECOND_DEAL.banker.total, third: secondThirdValue },
];

const cellWords = (cell: TableauCell) => `Banker ${cell.banker}, ${columnLabel(cell.third)}`;

function pickHint(picked: TableauCell, wanted: TableauCell): string {
  const row = picked.banker === wanted.banker;
  const column = picked.third === wanted.third;
  if (row && !column) {
    return `Right row, wrong column: you read ${columnLabel(picked.third)}. Move across the Banker ${wanted.banker} row to the column headed ${wanted.third}.`;
  }
  if (column && !row) {
    return `Right column, wrong row: you read Banker ${picked.banker}. Go down the ${wanted.third} column to the row for Banker ${wanted.banker}.`;
  }
  return `You picked ${cellWords(picked)}. The rows are Banker’s two-card total (find ${wanted.banker}); the columns are the value of Player’s third card (find ${wanted.third}).`;
}

function LookupExercise({ done }: { done: () => void }) {
  const [task, setTask] = useState(0);
  const [verdict, setVerdict] = useState<{ right: boolean; text: string } | null>(null);
  const wanted = LOOKUPS[Math.min(task, LOOKUPS.length - 1)]!;
  const finished = task >= LOOKUPS.length;
  const onPick = (cell: TableauCell) => {
    if (finished) return;
    if (cell.banker === wanted.banker && cell.third === wanted.third) {
      const verb = verdictOf(cell).draws ? 'draws' : 'stands';
      setVerdict({ right: true, text: `Banker ${verb}. ${explainCell(cell)}` });
      const next = task + 1;
      setTask(next);
      if (next >= LOOKUPS.length) done();
    } else {
      setVerdict({ right: false, text: pickHint(cell, wanted) });
    }
  };
  return (
    <section className="lesson-lookup" aria-labelledby="lookup-title">
      <h3 id="lookup-title" data-testid="lookup-task">
        {finished
          ? 'All three looked up.'
          : `Look-up ${task + 1} of ${LOOKUPS.length}: Banker has ${wanted.banker}, Player’s third card is worth ${wanted.third}. Find that cell.`}
      </h3>
      <Feedback verdict={verdict} />
      <BankerTableau
        interactive
        onPick={onPick}
        explain={false}
        caption="Banker’s third card, when Player drew one"
      />
    </section>
  );
}

/** Step 8: reading the tableau in order, with look-ups on the interactive grid. */
export function TableauStep({ onComplete }: StepProps) {
  return (
    <>
      <p>Every round is read in the same order:</p>
      <ol className="lesson-order">
        <li>A natural (8 or 9 on two cards)? Then nobody draws.</li>
        <li>Otherwise Player: the short rule below.</li>
        <li>Player stood? Banker uses the same short rule.</li>
        <li>
          Player drew? Only then read the Banker table: the row is Banker&apos;s total, the column
          is the value of Player&apos;s third card (10, J, Q and K count 0).
        </li>
      </ol>
      <PlayerRule explain={false} />
      <p>
        Nobody chooses anything: there is no hit or stand button, and a run of Banker wins says
        nothing about the next round. You do not need to learn the table by heart; the live table
        shows, for every card, which rule drew it.
      </p>
      <Beats
        onComplete={onComplete}
        beats={[
          { key: 'lookups', render: (done) => <LookupExercise done={done} /> },
          {
            key: 'column',
            render: (done) => (
              <Quiz
                testId="quiz-column"
                question={`In step 7, Player drew the ${cardSpoken(secondThird)} and ended on ${SECOND_DEAL.player.total}. Which column does Banker read?`}
                choices={[
                  { id: 'total', label: `${SECOND_DEAL.player.total}, Player’s new total` },
                  { id: 'card', label: `${secondThirdValue}, the value of the card Player drew` },
                ]}
                answer="card"
                explainWrong={() =>
                  'Banker never looks at Player’s total: the column is the value of the third card itself.'
                }
                explainRight="The card, always. That is the lesson done: you can read any round now."
                onSolved={done}
              />
            ),
          },
        ]}
      />
    </>
  );
}
