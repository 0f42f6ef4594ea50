import { describe, expect, it, vi } from 'vitest';
import {
  bySequence,
  idsOf,
  inChosenOrder,
  keyTarget,
  mergeOrder,
  moveItem,
  renumber,
} from '../../../src/client/pages/gallery/order';
import { OrderSaver } from '../../../src/client/pages/gallery/order-saver';

const photos = (...ids: number[]) => ids.map((id, i) => ({ id, sequence: i + 1 }));

describe('gallery order', () => {
  it('puts uploaded photos back in the order they were chosen, in the places they landed', () => {
    // 1 and 2 were there; 3, 4, 5 chosen in the order 5, 3, 4 and landed as 3, 4, 5.
    const list = photos(1, 3, 2, 4, 5);
    expect(idsOf(inChosenOrder(list, [5, 3, 4]))).toEqual([1, 5, 2, 3, 4]);
    const ordered = photos(1, 2, 5, 3, 4);
    expect(inChosenOrder(ordered, [5, 3, 4])).toBe(ordered);
    expect(idsOf(inChosenOrder(photos(1, 4, 3), [9, 3, 4]))).toEqual([1, 3, 4]);
  });

  it('moves an item forward, backward and to the ends; out-of-range targets clamp', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(list, 1, -5)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('answers the same list when nothing moves, so callers save nothing', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 0, 0)).toBe(list);
    expect(moveItem(list, 0, -1)).toBe(list);
    expect(moveItem(list, 1, 2)).toBe(list);
    expect(moveItem(list, 5, 0)).toBe(list);
    expect(moveItem([], 0, 1)).toEqual([]);
  });

  it('maps keys to targets in a grid of columns', () => {
    expect(keyTarget('ArrowLeft', 5, 12, 4)).toBe(4);
    expect(keyTarget('ArrowRight', 5, 12, 4)).toBe(6);
    expect(keyTarget('ArrowUp', 5, 12, 4)).toBe(1);
    expect(keyTarget('ArrowDown', 5, 12, 4)).toBe(9);
    expect(keyTarget('ArrowDown', 5, 12, 0)).toBe(6);
    expect(keyTarget('Home', 5, 12, 4)).toBe(0);
    expect(keyTarget('End', 5, 12, 4)).toBe(11);
    expect(keyTarget('a', 5, 12, 4)).toBeUndefined();
  });

  it('renumbers 1..n, keeping the objects that were already right', () => {
    const list = [
      { id: 7, sequence: 1 },
      { id: 3, sequence: 3 },
      { id: 5, sequence: 2 },
    ];
    const next = renumber(list);
    expect(next.map((p) => [p.id, p.sequence])).toEqual([
      [7, 1],
      [3, 2],
      [5, 3],
    ]);
    expect(next[0]).toBe(list[0]);
    expect(next[1]).not.toBe(list[1]);
    expect(
      idsOf(
        bySequence([
          { id: 2, sequence: 2 },
          { id: 9, sequence: 1 },
          { id: 1, sequence: 2 },
        ]),
      ),
    ).toEqual([9, 1, 2]);
  });
});

describe('order saver', () => {
  const deferred = () => {
    let resolve!: () => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it('sends one call at a time and, of a burst, only the newest order after the first', async () => {
    const calls: { order: number[]; done: ReturnType<typeof deferred> }[] = [];
    const idle = vi.fn();
    const saver = new OrderSaver(
      (order) => {
        const done = deferred();
        calls.push({ order, done });
        return done.promise;
      },
      vi.fn(),
      idle,
    );
    saver.save(idsOf(photos(1, 2, 3)));
    saver.save([2, 1, 3]);
    saver.save([2, 3, 1]);
    saver.save([3, 2, 1]);
    expect(calls.map((c) => c.order)).toEqual([[1, 2, 3]]);
    expect(saver.busy()).toBe(true);
    calls[0]!.done.resolve();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.order).toEqual([3, 2, 1]);
    calls[1]!.done.resolve();
    await vi.waitFor(() => expect(idle).toHaveBeenCalledTimes(1));
    expect(saver.busy()).toBe(false);
  });

  it('reports a refused save and drops what waited on it', async () => {
    const onError = vi.fn();
    const calls: ReturnType<typeof deferred>[] = [];
    const saver = new OrderSaver(() => {
      const d = deferred();
      calls.push(d);
      return d.promise;
    }, onError);
    saver.save([1, 2]);
    saver.save([2, 1]);
    calls[0]!.reject(new Error('refused'));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(saver.busy()).toBe(false);
    saver.save([2, 1]);
    expect(calls).toHaveLength(2);
  });
});

describe('order merged with the server list', () => {
  it('keeps the local order of photos both know, drops those gone, appends the new ones in server order', () => {
    const local = photos(3, 1, 2, 9);
    const server = photos(1, 2, 3, 7, 8);
    expect(idsOf(mergeOrder(local, server))).toEqual([3, 1, 2, 7, 8]);
    expect(mergeOrder(local, server)[0]).toBe(local[0]);
    expect(idsOf(mergeOrder([], server))).toEqual([1, 2, 3, 7, 8]);
  });
});
