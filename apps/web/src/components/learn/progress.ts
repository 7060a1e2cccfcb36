/** Where a learner is in the lesson, kept in this browser only (nothing is sent anywhere). */
export interface LessonProgress {
  /** The step on screen, 0-based. */
  readonly current: number;
  /** Steps whose exercises are all answered, 0-based, ascending. */
  readonly done: readonly number[];
}

export const PROGRESS_KEY = 'banco.learn.v1';

export const START: LessonProgress = { current: 0, done: [] };

const isStep = (value: unknown, steps: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < steps;

/** Reads saved progress; anything unreadable or out of range starts the lesson afresh. */
export function loadProgress(storage: Pick<Storage, 'getItem'> | null, steps: number) {
  try {
    const raw = storage?.getItem(PROGRESS_KEY);
    if (!raw) return START;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return START;
    const { current, done } = parsed as Record<string, unknown>;
    if (!isStep(current, steps) || !Array.isArray(done)) return START;
    const kept = [...new Set(done.filter((d) => isStep(d, steps)))].sort((a, b) => a - b);
    return { current, done: kept };
  } catch {
    return START;
  }
}

export function saveProgress(storage: Pick<Storage, 'setItem'> | null, progress: LessonProgress) {
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    // A full or blocked storage only costs the learner their place, never the lesson.
  }
}

export const markDone = (progress: LessonProgress, step: number): LessonProgress =>
  progress.done.includes(step)
    ? progress
    : { ...progress, done: [...progress.done, step].sort((a, b) => a - b) };

export const goTo = (progress: LessonProgress, step: number): LessonProgress => ({
  ...progress,
  current: step,
});

/** Restarting a step asks its exercises again, so it is no longer counted as done. */
export const restart = (progress: LessonProgress, step: number): LessonProgress => ({
  ...progress,
  done: progress.done.filter((d) => d !== step),
});
