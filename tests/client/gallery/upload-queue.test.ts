import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../src/client/api/errors';
import { uploadReason } from '../../../src/client/pages/gallery/gallery-api';
import { fileProblem } from '../../../src/client/pages/gallery/quota';
import { UploadQueue, type FileLike } from '../../../src/client/pages/gallery/upload-queue';
import { englishT } from '../english-t';

interface Pending {
  file: FileLike;
  progress(loaded: number): void;
  resolve(v: string): void;
  reject(e: unknown): void;
}

/** A queue whose sends the test finishes by hand. */
function queue(concurrency = 2) {
  const pending: Pending[] = [];
  const uploaded: string[] = [];
  const batches: string[][] = [];
  const q = new UploadQueue<FileLike, string>({
    send: (file, progress) => new Promise((resolve, reject) => pending.push({ file, progress, resolve, reject })),
    concurrency,
    check: (f) => fileProblem(f, englishT),
    describe: uploadReason,
    onUploaded: (r) => uploaded.push(r),
    onBatchDone: (r) => batches.push([...r]),
  });
  return { q, pending, uploaded, batches };
}

const file = (name: string, size = 1000): FileLike => ({ name, size });
const statuses = (q: UploadQueue<FileLike, string>) => q.items().map((i) => `${i.name}:${i.status}`);

describe('upload queue', () => {
  it('reports each choice of files once all have finished, in the order chosen, whatever order they landed in', async () => {
    const { q, pending, batches } = queue(2);
    q.add([file('1.jpg'), file('2.jpg'), file('3.jpg'), file('empty.jpg', 0)]);
    pending[1]!.resolve('two');
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    pending[2]!.resolve('three');
    await vi.waitFor(() => expect(q.items()[2]!.status).toBe('done'));
    expect(batches).toEqual([]);
    pending[0]!.resolve('one');
    await vi.waitFor(() => expect(batches).toEqual([['one', 'two', 'three']]));
    q.add([file('4.jpg')]);
    pending[3]!.resolve('four');
    await vi.waitFor(() => expect(batches).toEqual([['one', 'two', 'three'], ['four']]));
  });

  it('sends each file on its own, at most `concurrency` at a time, in order', async () => {
    const { q, pending, uploaded } = queue(2);
    q.add([file('a.jpg'), file('b.jpg'), file('c.jpg')]);
    expect(pending.map((p) => p.file.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(statuses(q)).toEqual(['a.jpg:uploading', 'b.jpg:uploading', 'c.jpg:queued']);
    pending[0]!.progress(400);
    expect(q.items()[0]).toMatchObject({ loaded: 400, status: 'uploading' });
    pending[0]!.progress(1000);
    expect(q.items()[0]).toMatchObject({ loaded: 1000, status: 'processing' });
    pending[0]!.resolve('A');
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    expect(statuses(q)).toEqual(['a.jpg:done', 'b.jpg:uploading', 'c.jpg:uploading']);
    expect(uploaded).toEqual(['A']);
    expect(q.busy()).toBe(true);
  });

  it('keeps a refused file with the server reason while the others go on', async () => {
    const { q, pending, uploaded } = queue(2);
    q.add([file('notes.jpg'), file('pool.jpg'), file('lobby.png')]);
    pending[0]!.reject(new ApiFailure(400, { imagesArray: ['"notes.jpg" is not a JPEG, PNG, WebP or GIF image.'] }));
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    pending[1]!.resolve('pool');
    pending[2]!.resolve('lobby');
    await vi.waitFor(() => expect(q.busy()).toBe(false));
    expect(statuses(q)).toEqual(['notes.jpg:failed', 'pool.jpg:done', 'lobby.png:done']);
    expect(q.items()[0]!.message).toBe('"notes.jpg" is not a JPEG, PNG, WebP or GIF image.');
    expect(uploaded.sort()).toEqual(['lobby', 'pool']);
  });

  it('refuses an oversize or empty file before sending it, and says other failures in words', async () => {
    const { q, pending } = queue(1);
    q.add([file('huge.jpg', 21 * 1024 * 1024), file('empty.jpg', 0), file('ok.jpg')]);
    expect(pending.map((p) => p.file.name)).toEqual(['ok.jpg']);
    expect(
      q
        .items()
        .slice(0, 2)
        .map((i) => i.message),
    ).toEqual(['“\u2068huge.jpg\u2069” is larger than 20 MB.', '“\u2068empty.jpg\u2069” is empty.']);
    pending[0]!.reject(new ApiFailure(403, { detail: 'You need the photos permission.' }));
    await vi.waitFor(() => expect(q.items()[2]!.status).toBe('failed'));
    expect(q.items()[2]!.message).toBe('You need the photos permission.');
    q.clearFinished();
    expect(q.items()).toEqual([]);
  });

  it('tells subscribers of every change with a new snapshot', () => {
    const { q, pending } = queue(1);
    const seen: number[] = [];
    const stop = q.subscribe(() => seen.push(q.items().length));
    const before = q.items();
    q.add([file('a.jpg')]);
    expect(q.items()).not.toBe(before);
    pending[0]!.progress(10);
    stop();
    pending[0]!.progress(20);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((n) => n === 1)).toBe(true);
  });
});
