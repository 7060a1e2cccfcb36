import { describe, expect, it } from 'vitest';
import {
  PROGRESS_KEY,
  START,
  goTo,
  loadProgress,
  markDone,
  restart,
  saveProgress,
} from './progress';

function memory(initial?: string) {
  const store = new Map<string, string>(initial === undefined ? [] : [[PROGRESS_KEY, initial]]);
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  };
}

describe('lesson progress', () => {
  it('survives a save and a load', () => {
    const storage = memory();
    const progress = markDone(markDone(goTo(START, 3), 2), 0);
    saveProgress(storage, progress);
    expect(loadProgress(storage, 8)).toEqual({ current: 3, done: [0, 2] });
  });

  it('starts afresh on nothing, on junk and on steps that do not exist', () => {
    expect(loadProgress(null, 8)).toEqual(START);
    expect(loadProgress(memory('not json'), 8)).toEqual(START);
    expect(loadProgress(memory('{"current":9,"done":[]}'), 8)).toEqual(START);
    expect(loadProgress(memory('{"current":1,"done":[1,1,12,-1,"2",0.5,0]}'), 8)).toEqual({
      current: 1,
      done: [0, 1],
    });
  });

  it('counts a restarted step as not done, and a step done once only', () => {
    const twice = markDone(markDone(START, 4), 4);
    expect(twice.done).toEqual([4]);
    expect(restart(twice, 4).done).toEqual([]);
  });

  it('does not throw when the browser refuses to store', () => {
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveProgress(refusing, START)).not.toThrow();
  });
});
