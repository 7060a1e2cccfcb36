import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { chips } from '../../lib/format';
import { parseChips } from './money';
import { Feedback } from './Quiz';

export interface AmountQuizProps {
  readonly question: ReactNode;
  readonly label: string;
  /** Minor units, from the rules package's settlement. */
  readonly answer: number;
  /** Why this typed amount (minor units) is wrong, in plain words. */
  readonly explainWrong: (typed: number) => string;
  readonly explainRight: string;
  readonly onSolved: () => void;
  readonly testId?: string;
}

type Verdict = { right: boolean; text: string } | null;

/** A question answered by typing an amount of chips, e.g. a new balance of 109.50. */
export function AmountQuiz({
  question,
  label,
  answer,
  explainWrong,
  explainRight,
  onSolved,
  testId,
}: AmountQuizProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [verdict, setVerdict] = useState<Verdict>(null);
  const solved = verdict?.right === true;

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (solved) return;
    const typed = parseChips(text);
    if (typed === null) {
      setVerdict({ right: false, text: 'Type an amount of chips, like 95 or 95.50.' });
    } else if (typed === answer) {
      setVerdict({ right: true, text: explainRight });
      onSolved();
    } else {
      setVerdict({ right: false, text: `${chips(typed)} is not it. ${explainWrong(typed)}` });
    }
  };

  return (
    <form className="quiz" onSubmit={check} data-testid={testId} data-solved={solved || undefined}>
      <div className="quiz__question">{question}</div>
      <div className="quiz__amount">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          readOnly={solved}
          aria-invalid={verdict && !verdict.right ? true : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {solved ? null : (
          <button type="submit" className="primary">
            Check
          </button>
        )}
      </div>
      <Feedback verdict={verdict} />
    </form>
  );
}
