import { useId, useState, type FormEvent, type ReactNode } from 'react';

export interface Choice {
  readonly id: string;
  readonly label: ReactNode;
}

export interface QuizProps {
  readonly question: ReactNode;
  readonly choices: readonly Choice[];
  /** The id of the right choice (worked out by the caller from the rules package). */
  readonly answer: string;
  /** Why a wrong pick is wrong, in plain words. */
  readonly explainWrong: (picked: string) => string;
  readonly explainRight: string;
  readonly onSolved: () => void;
  /** Short choices (digits) sit in one row. */
  readonly compact?: boolean;
  readonly testId?: string;
}

type Verdict = { right: boolean; text: string } | null;

/** One question, answered by picking a choice and pressing Check. */
export function Quiz({
  question,
  choices,
  answer,
  explainWrong,
  explainRight,
  onSolved,
  compact = false,
  testId,
}: QuizProps) {
  const name = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<Verdict>(null);
  const solved = verdict?.right === true;

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (solved) return;
    if (picked === null) {
      setVerdict({ right: false, text: 'Pick an answer first, then press Check.' });
      return;
    }
    if (picked === answer) {
      setVerdict({ right: true, text: explainRight });
      onSolved();
    } else {
      setVerdict({ right: false, text: explainWrong(picked) });
    }
  };

  return (
    <form className="quiz" onSubmit={check} data-testid={testId} data-solved={solved || undefined}>
      <fieldset disabled={solved} className={compact ? 'quiz__choices--compact' : undefined}>
        <legend className="quiz__question">{question}</legend>
        <div className="quiz__choices">
          {choices.map((choice) => (
            <label key={choice.id} className="quiz__choice">
              <input
                type="radio"
                name={name}
                value={choice.id}
                checked={picked === choice.id}
                onChange={() => {
                  setPicked(choice.id);
                  if (verdict && !verdict.right) setVerdict(null);
                }}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {solved ? null : (
        <button type="submit" className="primary">
          Check
        </button>
      )}
      <Feedback verdict={verdict} />
    </form>
  );
}

export function Feedback({ verdict }: { verdict: Verdict }) {
  return (
    <p
      className={`feedback${verdict ? (verdict.right ? ' feedback--right' : ' feedback--wrong') : ''}`}
      role="status"
      data-testid="feedback"
    >
      {verdict ? (
        <>
          <strong>{verdict.right ? 'Right. ' : 'Not quite. '}</strong>
          {verdict.text}
        </>
      ) : null}
    </p>
  );
}
