import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupCommit, type Gathering } from './group-commit.js';

/** A statement that records what it was given and answers when told to. */
function recorder() {
  const statements: string[][] = [];
  const pending: Array<() => void> = [];
  const statement = (items: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push([...items]);
      pending.push(() =>
        items.includes('bad')
          ? reject(new Error('statement failed'))
          : resolve(items.map((i) => `${i}!`)),
      );
    });
  const finishAll = async () => {
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { statements, statement, finishAll };
}

const keyOf = (item: string) => item.split(':')[0]!;

describe('group commit', () => {
  it('sends what is submitted together in one statement, each answered in order', async () => {
    const r = recorder();
    const group = new GroupCommit(r.statement, keyOf, 2);
    const answers = Promise.all([group.submit(['a:1']), group.submit(['b:1', 'c:1'])]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.statements).toEqual([['a:1', 'b:1', 'c:1']]);
    await r.finishAll();
    expect(await answers).toEqual([['a:1!'], ['b:1!', 'c:1!']]);
  });

  it('lets items of a lane share a statement, never run beside another statement of that lane', async () => {
    const r = recorder();
    const laneOf = (item: string) => (item.startsWith('end') ? 'ends' : undefined);
    const group = new GroupCommit(r.statement, keyOf, 2, 0, 256, laneOf);
    const first = group.submit(['end1:1', 'end2:1']);
    await new Promise((resolve) => setImmediate(resolve));
    const second = group.submit(['end3:1', 'a:1']);
    await new Promise((resolve) => setImmediate(resolve));
    // Room for a second statement, but end3 waits for the first one holding ends; a:1 goes.
    expect(r.statements).toEqual([['end1:1', 'end2:1'], ['a:1']]);
    await r.finishAll();
    expect(r.statements).toEqual([['end1:1', 'end2:1'], ['a:1'], ['end3:1']]);
    expect(await first).toEqual(['end1:1!', 'end2:1!']);
    expect(await second).toEqual(['end3:1!', 'a:1!']);
  });

  it('keeps two items of one key apart, and waits while the statements in flight run', async () => {
    const r = recorder();
    const group = new GroupCommit(r.statement, keyOf, 1);
    const first = group.submit(['a:1', 'a:2', 'b:1']);
    await new Promise((resolve) => setImmediate(resolve));
    const second = group.submit(['c:1']);
    await new Promise((resolve) => setImmediate(resolve));
    // One statement in flight: a:2 and c:1 wait for it, then go together.
    expect(r.statements).toEqual([['a:1', 'b:1']]);
    await r.finishAll();
    expect(r.statements).toEqual([
      ['a:1', 'b:1'],
      ['a:2', 'c:1'],
    ]);
    expect(await first).toEqual(['a:1!', 'a:2!', 'b:1!']);
    expect(await second).toEqual(['c:1!']);
  });

  it("with room for more statements, still runs a key's second item only after its first answered", async () => {
    const r = recorder();
    const group = new GroupCommit(r.statement, keyOf, 4);
    const answers = group.submit(['a:1', 'a:2', 'b:1', 'b:2', 'c:1']);
    await new Promise((resolve) => setImmediate(resolve));
    // a:2 and b:2 could take a second connection, and so overtake a:1 and b:1 there.
    expect(r.statements).toEqual([['a:1', 'b:1', 'c:1']]);
    await r.finishAll();
    expect(r.statements).toEqual([
      ['a:1', 'b:1', 'c:1'],
      ['a:2', 'b:2'],
    ]);
    expect(await answers).toEqual(['a:1!', 'a:2!', 'b:1!', 'b:2!', 'c:1!']);
  });

  it('with a gathering time, items arriving within it of the last statement share the next one', async () => {
    const r = recorder();
    const group = new GroupCommit(r.statement, keyOf, 2, 30);
    // A quiet group sends at once.
    const first = group.submit(['a:1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.statements).toEqual([['a:1']]);
    const second = group.submit(['b:1']);
    await new Promise((resolve) => setImmediate(resolve));
    const third = group.submit(['c:1']);
    // The first statement's answer sends nothing: b:1 and c:1 wait out the gathering time.
    await r.finishAll();
    expect(r.statements).toEqual([['a:1']]);
    await expect.poll(() => r.statements).toEqual([['a:1'], ['b:1', 'c:1']]);
    await r.finishAll();
    expect([await first, await second, await third]).toEqual([['a:1!'], ['b:1!'], ['c:1!']]);
  });

  it('fails only the items of a statement that failed', async () => {
    const r = recorder();
    const group = new GroupCommit(r.statement, keyOf, 1);
    const failed = group.submit(['bad']).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await new Promise((resolve) => setImmediate(resolve));
    const fine = group.submit(['a:1']);
    await r.finishAll();
    expect(await failed).toBe('statement failed');
    expect(await fine).toEqual(['a:1!']);
  });

  describe('gathering by arrival and by count (issue 45)', () => {
    // The clock is faked: a statement's start is read off the timers it queued, not slept for.
    const at = () => performance.now();
    const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    const gathering: Gathering = { leastMs: 20, mostMs: 30, fullAt: 3 };
    afterEach(() => vi.useRealTimers());

    /** A group whose statements answer at once, each start's time recorded. */
    function started() {
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'],
      });
      const statements: string[][] = [];
      const starts: number[] = [];
      const statement = (items: readonly string[]) => {
        statements.push([...items]);
        starts.push(at());
        return Promise.resolve(items.map((i) => `${i}!`));
      };
      return { statements, starts, group: new GroupCommit(statement, keyOf, 2, gathering) };
    }

    it('an item waits at most mostMs from its own arrival, not from the last statement', async () => {
      const { statements, starts, group } = started();
      void group.submit(['a:1']);
      await advance(0);
      expect(starts).toEqual([0]);
      await advance(15);
      const answer = group.submit(['b:1']);
      // Counted from the last start (a fixed window) b:1 would go at 30; it goes at 15 + 30.
      await advance(29);
      expect(statements).toEqual([['a:1']]);
      await advance(1);
      expect(statements).toEqual([['a:1'], ['b:1']]);
      expect(starts).toEqual([0, 45]);
      expect(await answer).toEqual(['b:1!']);
    });

    it('once fullAt items wait, they go leastMs after the last start: never sooner', async () => {
      const { statements, starts, group } = started();
      void group.submit(['a:1']);
      await advance(2);
      void group.submit(['b:1', 'c:1']);
      await advance(3);
      expect(statements).toEqual([['a:1']]);
      void group.submit(['d:1']);
      // Three wait: due at 0 + 20 rather than at 2 + 30.
      await advance(14);
      expect(statements).toEqual([['a:1']]);
      await advance(1);
      expect(statements).toEqual([['a:1'], ['b:1', 'c:1', 'd:1']]);
      expect(starts).toEqual([0, 20]);
    });

    it('a steady stream: each item goes within mostMs of its arrival, statements leastMs apart or more, full', async () => {
      const { statements, starts, group } = started();
      const arrivals = new Map<string, number>();
      // One item every 7 ms, a half-loaded node's confirms: a window counted from the last
      // start would send a statement every 20 ms (every 30 with leastMs 30), of three or fewer.
      for (let i = 0; i < 60; i++) {
        const item = `p${i}:1`;
        arrivals.set(item, at());
        void group.submit([item]);
        await advance(7);
      }
      await advance(100);
      const sentAt = new Map<string, number>();
      statements.forEach((items, n) => items.forEach((item) => sentAt.set(item, starts[n]!)));
      expect(sentAt.size).toBe(60);
      for (const [item, arrived] of arrivals)
        expect(sentAt.get(item)! - arrived).toBeLessThanOrEqual(gathering.mostMs);
      for (let n = 1; n < starts.length; n++)
        expect(starts[n]! - starts[n - 1]!).toBeGreaterThanOrEqual(gathering.leastMs);
      // After the first (a quiet group's item goes at once): 3 items each, every 21 ms.
      expect(statements.slice(1, -1).every((items) => items.length === 3)).toBe(true);
      expect(starts.slice(1, 4)).toEqual([21, 42, 63]);
    });

    it("without fullAt, a steady stream still goes mostMs after each statement's first item", async () => {
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'],
      });
      const starts: number[] = [];
      const group = new GroupCommit(
        (items: readonly string[]) => {
          starts.push(at());
          return Promise.resolve(items.map((i) => `${i}!`));
        },
        keyOf,
        2,
        20,
      );
      for (let i = 0; i < 12; i++) {
        void group.submit([`p${i}:1`]);
        await advance(7);
      }
      // 0 alone (quiet); then 7 waits until 27, 28 until 48, 49 until 69: not every 20 ms.
      expect(starts).toEqual([0, 27, 48, 69]);
    });
  });
});
