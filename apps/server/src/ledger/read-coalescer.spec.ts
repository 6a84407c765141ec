import { describe, expect, it } from '@jest/globals';
import { ReadCoalescer } from './read-coalescer.js';

/** A reader whose statements stay open until the test finishes them, recording what each one asked. */
function controlledReader() {
  const calls: { keys: string[]; finish: (m?: Map<string, number>) => void; fail: (e: Error) => void }[] = [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      calls.push({ keys, finish: (m) => resolve(m ?? new Map(keys.map((k) => [k, Number(k)]))), fail: reject });
    });
  return { calls, readMany };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('ReadCoalescer', () => {
  it('sends a lone read at once, as a statement of its own', async () => {
    const { calls, readMany } = controlledReader();
    const c = new ReadCoalescer(readMany, () => -1);
    const a = c.read('1');
    await tick();
    expect(calls.map((x) => x.keys)).toEqual([['1']]);
    calls[0]!.finish();
    await expect(a).resolves.toBe(1);
  });

  it('gathers the reads that arrive while the statements in flight run into one statement', async () => {
    const { calls, readMany } = controlledReader();
    const c = new ReadCoalescer(readMany, () => -1, 2);
    const first = [c.read('1')];
    await tick();
    const second = [c.read('2')];
    await tick();
    expect(calls).toHaveLength(2);
    // Both slots taken: these wait, together.
    const later = ['3', '4', '5', '3'].map((k) => c.read(k));
    await tick();
    await tick();
    expect(calls).toHaveLength(2);
    calls[0]!.finish();
    await tick();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.keys).toEqual(['3', '4', '5']);
    calls[2]!.finish();
    calls[1]!.finish();
    await expect(Promise.all([...first, ...second, ...later])).resolves.toEqual([1, 2, 3, 4, 5, 3]);
  });

  it('never answers a read with a statement that started before it arrived', async () => {
    const { calls, readMany } = controlledReader();
    const c = new ReadCoalescer(readMany, () => -1, 1);
    const before = c.read('7');
    await tick();
    const after = c.read('7');
    await tick();
    calls[0]!.finish(new Map([['7', 100]]));
    await expect(before).resolves.toBe(100);
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.finish(new Map([['7', 90]]));
    await expect(after).resolves.toBe(90);
  });

  it('gives a key the statement did not return its missing value', async () => {
    const { calls, readMany } = controlledReader();
    const c = new ReadCoalescer(readMany, (k) => -Number(k));
    const a = c.read('4');
    await tick();
    calls[0]!.finish(new Map());
    await expect(a).resolves.toBe(-4);
  });

  it('rejects the reads of a failed statement and frees its slot for the next', async () => {
    const { calls, readMany } = controlledReader();
    const c = new ReadCoalescer(readMany, () => -1, 1);
    const a = c.read('1');
    await tick();
    const b = c.read('2');
    await tick();
    calls[0]!.fail(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    await tick();
    expect(calls[1]!.keys).toEqual(['2']);
    calls[1]!.finish();
    await expect(b).resolves.toBe(2);
    // Nothing in flight any more: a new read leaves at once.
    const d = c.read('3');
    await tick();
    expect(calls[2]!.keys).toEqual(['3']);
    calls[2]!.finish();
    await expect(d).resolves.toBe(3);
  });
});
