import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

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
});
