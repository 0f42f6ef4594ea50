import { Readable } from 'node:stream';
import yazl from 'yazl';

/** One entry of the zip, opened only when the zip reaches it. */
type Open = () => Promise<Readable>;

/**
 * A zip written to storage as it is made. Entries are lazy: a photo is opened when its turn
 * comes, and the builder waits (`drained`) until the zip has reached the previous hotel before it
 * renders the next, so at most about one hotel's PDF and texts are held whatever the export's size.
 */
export class StreamedZip {
  readonly zip = new yazl.ZipFile();
  #added = 0;
  #started = 0;
  #waiters: { at: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  #failed: Error | undefined;

  constructor() {
    // A lazy entry that cannot be opened (a missing file): the zip stops, the write fails, and
    // the builder waiting for the zip hears it.
    this.zip.on('error', (e: Error) => {
      this.#failed = e;
      for (const w of this.#waiters) w.reject(e);
      this.#waiters = [];
      (this.zip.outputStream as Readable).destroy(e);
    });
  }

  add(name: string, open: Open, options: { compress: boolean; size?: number; mtime?: Date }): void {
    this.#added++;
    this.zip.addReadStreamLazy(
      name,
      {
        compress: options.compress,
        mtime: options.mtime ?? new Date(),
        ...(options.size !== undefined ? { size: options.size } : {}),
      },
      (cb) => {
        this.#started++;
        this.#waiters = this.#waiters.filter((w) => (w.at <= this.#started ? (w.resolve(), false) : true));
        open().then(
          (stream) => cb(null, stream),
          (e: unknown) => cb(e, undefined as never),
        );
      },
    );
  }

  addText(name: string, text: string | Buffer, compress = true): void {
    const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.add(name, () => Promise.resolve(Readable.from([data])), { compress, size: data.length });
  }

  /** Entries added so far: a mark to wait for. */
  get mark(): number {
    return this.#added;
  }

  /** Resolves once the zip has begun writing entry number `mark` (or everything). */
  drained(mark: number, signal: AbortSignal): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.#started >= mark) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('stopped'));
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (fn: () => void) => () => {
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      this.#waiters.push({ at: mark, resolve: done(resolve), reject: (e) => done(() => reject(e))() });
    });
  }
}
