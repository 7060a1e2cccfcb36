'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import './learn.css';
import {
  START,
  goTo,
  loadProgress,
  markDone,
  restart,
  saveProgress,
  type LessonProgress,
} from './progress';
import { LESSON_STEPS } from './steps';
import { openPractice } from '../../lib/rooms-api';
import { storedGuest } from '../../lib/session';

/** Where the lesson's last step sends a learner with no name yet: the lobby, by way of the door. */
export const PRACTICE_HREF = '/lobby/';

/**
 * T12.1: a learner who already has a name goes straight to their practice table; without one,
 * or if it cannot open, the link's own lobby address still leads there in two clicks.
 */
async function openPracticeTable(event: { preventDefault(): void }): Promise<void> {
  const guest = storedGuest();
  if (!guest) return;
  event.preventDefault();
  try {
    const { room } = await openPractice(guest.token);
    window.location.assign(`/table/?id=${encodeURIComponent(room.id)}&sit=1`);
  } catch {
    window.location.assign(PRACTICE_HREF);
  }
}

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The /learn lesson: eight steps, any of them restartable, progress kept in this browser. */
export function LessonScreen() {
  const [progress, setProgress] = useState<LessonProgress>(START);
  const [loaded, setLoaded] = useState(false);
  // Bumped by "Restart this step": a new key remounts the step with its exercises unanswered.
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // The exported page shows step 1; the browser's saved place is applied once it can be read.
    setProgress(loadProgress(storage(), LESSON_STEPS.length));
    setLoaded(true);
  }, []);

  const update = useCallback((change: (p: LessonProgress) => LessonProgress) => {
    setProgress((p) => {
      const updated = change(p);
      saveProgress(storage(), updated);
      return updated;
    });
  }, []);

  const current = progress.current;
  const step = LESSON_STEPS[current]!;
  const done = progress.done.includes(current);
  const last = current === LESSON_STEPS.length - 1;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [current, attempt]);

  const open = (index: number) => {
    moved.current = true;
    update((p) => goTo(p, index));
  };

  const onComplete = useCallback(() => {
    update((p) => markDone(p, p.current));
    // The way on is the next thing to press.
    requestAnimationFrame(() => next.current?.focus());
  }, [update]);

  const { Body } = step;
  return (
    <main className="lesson" data-loaded={loaded || undefined}>
      <header className="topbar">
        <a className="topbar__brand" href="/lobby/">
          Banco
        </a>
        <h1 className="topbar__title">Learn Punto Banco</h1>
        <nav className="lesson__links" aria-label="More to read">
          <a href="/rules/">Rules</a>
          <a href="/history/">History</a>
        </nav>
      </header>
      <div className="lesson__layout">
        <nav className="lesson__steps" aria-label="Lesson steps">
          <p className="lesson__count" data-testid="lesson-count">
            {progress.done.length} of {LESSON_STEPS.length} steps done
          </p>
          <ol>
            {LESSON_STEPS.map((s, i) => {
              const isDone = progress.done.includes(i);
              return (
                <li key={s.id}>
                  <button
                    type="button"
                    className={`lesson__step${i === current ? ' is-current' : ''}${isDone ? ' is-done' : ''}`}
                    aria-current={i === current ? 'step' : undefined}
                    onClick={() => open(i)}
                    data-testid={`lesson-step-${i + 1}`}
                  >
                    <span className="lesson__step-n" aria-hidden="true">
                      {isDone ? '✓' : i + 1}
                    </span>
                    <span>
                      {s.title}
                      {isDone ? <span className="sr-only"> (done)</span> : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <article className="lesson__body" aria-labelledby="lesson-step-title">
          <p className="lesson__kicker">
            Step {current + 1} of {LESSON_STEPS.length}
          </p>
          <h2 id="lesson-step-title" ref={heading} tabIndex={-1}>
            {step.title}
          </h2>
          <Body key={`${step.id}-${attempt}`} onComplete={onComplete} />
          <footer className="lesson__footer">
            {done ? (
              <p className="lesson__done" role="status">
                {last ? 'Lesson complete. Well played.' : 'Step done.'}
              </p>
            ) : null}
            <div className="lesson__actions">
              <button
                type="button"
                onClick={() => {
                  moved.current = true;
                  update((p) => restart(p, current));
                  setAttempt((a) => a + 1);
                }}
              >
                Restart this step
              </button>
              {last ? (
                <a
                  ref={next}
                  className={`button${done ? ' primary big' : ''}`}
                  href={PRACTICE_HREF}
                  onClick={(event) => void openPracticeTable(event)}
                  data-testid="lesson-practice"
                >
                  Open a practice table
                </a>
              ) : (
                <button
                  ref={next}
                  type="button"
                  className={done ? 'primary big' : undefined}
                  onClick={() => open(current + 1)}
                >
                  Next: {LESSON_STEPS[current + 1]!.title}
                </button>
              )}
            </div>
            {last ? (
              <p className="lesson__small">
                This opens a quiet table of your own (also “Practise alone” in the lobby): nothing
                is timed and you deal when you are ready.
              </p>
            ) : null}
          </footer>
        </article>
      </div>
    </main>
  );
}
