/**
 * The init-facts-info answers a process keeps (features/facts/init-info.ts, keptAnswers): per
 * property under its facts revision, bounded in bytes (INIT_INFO_CACHE_MB) with the least
 * recently used out first, concurrent first asks of one revision assembled once, an answer larger
 * than the whole budget never kept, and a budget of 0 keeping nothing.
 */
import { describe, expect, it } from 'vitest';
import { keptAnswers } from '../../../src/server/features/facts/init-info.js';
import type { ScopedProperty } from '../../../src/server/routing/auth-context.js';

/** An assembler answering `size` bytes per property, counting its calls. */
function assembler(size: (id: number) => number = () => 100) {
  const calls: number[] = [];
  const assemble = async (id: number) => {
    calls.push(id);
    await new Promise((resolve) => setImmediate(resolve));
    return Buffer.alloc(size(id), 'x');
  };
  return { calls, assemble };
}

const at = (id: number, factsRev = 1) => ({ id, factsRev }) as ScopedProperty;

describe('kept init-facts-info answers', () => {
  it('answers a revision from the kept bytes and assembles a new revision again', async () => {
    const { calls, assemble } = assembler();
    const answer = keptAnswers(1_000, assemble);
    const first = await answer(at(1));
    expect(await answer(at(1))).toBe(first);
    expect(first.etag).toBe('W/"facts-1-1"');
    const saved = await answer(at(1, 2));
    expect(saved.etag).toBe('W/"facts-1-2"');
    expect(calls).toEqual([1, 1]);
  });

  it('keeps what fits its bytes, the least recently used out first', async () => {
    const { calls, assemble } = assembler();
    const answer = keptAnswers(250, assemble); // two answers of 100 bytes
    await answer(at(1));
    await answer(at(2));
    await answer(at(1)); // used: 2 is now the least recently used
    await answer(at(3)); // no room for three: 2 goes
    await answer(at(1));
    await answer(at(3));
    expect(calls).toEqual([1, 2, 3]);
    await answer(at(2));
    expect(calls).toEqual([1, 2, 3, 2]);
  });

  it('assembles concurrent first asks of a revision once', async () => {
    const { calls, assemble } = assembler();
    const answer = keptAnswers(1_000, assemble);
    const [a, b, c] = await Promise.all([answer(at(7)), answer(at(7)), answer(at(7, 2))]);
    expect(a).toBe(b);
    expect(c.etag).toBe('W/"facts-7-2"');
    expect(calls).toEqual([7, 7]);
  });

  it('never keeps an answer larger than the budget, nor any with a budget of 0', async () => {
    const big = assembler((id) => (id === 1 ? 500 : 100));
    const small = keptAnswers(250, big.assemble);
    await small(at(2));
    await small(at(1));
    await small(at(1));
    await small(at(2)); // still kept: the large answer evicted nothing
    expect(big.calls).toEqual([2, 1, 1]);

    const none = assembler();
    const off = keptAnswers(0, none.assemble);
    await off(at(1));
    await off(at(1));
    expect(none.calls).toEqual([1, 1]);
  });
});
