import { describe, expect, it } from 'vitest';
import {
  armsTimers,
  beginStopping,
  isStopping,
  OPEN,
  roomClosed,
  roomIsClosed,
  stopped,
  type Lifecycle,
} from './lifecycle.js';

const facts = (life: Lifecycle) => ({
  roomClosed: roomIsClosed(life),
  stopping: isStopping(life),
  timers: armsTimers(life),
});

describe('a table actor’s lifecycle', () => {
  it('T9.7: a stop refuses commands at once and arms no timer once stopped', () => {
    const stopping = beginStopping(OPEN);
    expect(facts(OPEN)).toEqual({ roomClosed: false, stopping: false, timers: true });
    expect(facts(stopping)).toEqual({ roomClosed: false, stopping: true, timers: true });
    expect(facts(stopped(stopping))).toEqual({ roomClosed: false, stopping: true, timers: false });
    expect(beginStopping(stopped(stopping))).toEqual(stopped(stopping));
  });

  it('T11.7: a closed room stops its timers but is not stopping; it stays closed through a stop', () => {
    const closed = roomClosed(OPEN);
    expect(facts(closed)).toEqual({ roomClosed: true, stopping: false, timers: false });
    expect(facts(beginStopping(closed))).toEqual({
      roomClosed: true,
      stopping: true,
      timers: false,
    });
    expect(facts(stopped(closed))).toEqual({ roomClosed: true, stopping: true, timers: false });
    // Closing during a stop ends the timers too.
    expect(roomClosed(beginStopping(OPEN))).toEqual({ kind: 'stopped', roomClosed: true });
  });
});
