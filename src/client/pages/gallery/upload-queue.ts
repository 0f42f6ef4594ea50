/**
 * The upload queue: every file is its own request with its own progress, a few at a time; a
 * refused file keeps its reason and the others go on. Framework-free, so React reads it through
 * useSyncExternalStore and the tests drive it with a fake sender.
 */
export type UploadStatus = 'queued' | 'uploading' | 'processing' | 'done' | 'failed';

export interface UploadItem {
  key: number;
  name: string;
  size: number;
  status: UploadStatus;
  /** Bytes sent so far (of `size`). */
  loaded: number;
  /** Why the file was refused (the server's message). */
  message?: string;
}

export interface FileLike {
  name: string;
  size: number;
}

/** Sends one file; reports bytes sent; resolves with the server's answer or rejects with the reason. */
export type Sender<F extends FileLike, R> = (file: F, onProgress: (loaded: number) => void) => Promise<R>;

export interface QueueOptions<F extends FileLike, R> {
  send: Sender<F, R>;
  /** Requests at once (the server decodes two photos at a time). */
  concurrency?: number;
  /** A reason to refuse a file before sending it, or null. */
  check?: (file: F) => string | null;
  /** The reason of a failed send, in words. */
  describe: (error: unknown) => string;
  onUploaded?: (result: R) => void;
  /**
   * When every file of one `add` has finished: the answers of those sent, in the order the files
   * were chosen (uploads run side by side and land in any order; the gallery restores this one).
   */
  onBatchDone?: (results: readonly R[]) => void;
}

export class UploadQueue<F extends FileLike, R> {
  private list: UploadItem[] = [];
  private files = new Map<number, F>();
  private nextKey = 1;
  private active = 0;
  private listeners = new Set<() => void>();
  /** Each `add`'s keys, in the order chosen, and the answers so far by key. */
  private batches: { keys: number[]; results: Map<number, R> }[] = [];

  constructor(private readonly options: QueueOptions<F, R>) {}

  items = (): readonly UploadItem[] => this.list;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Queue files; those refused by `check` fail at once with the reason. */
  add(files: readonly F[]): void {
    const batch = { keys: [] as number[], results: new Map<number, R>() };
    for (const file of files) {
      const key = this.nextKey++;
      batch.keys.push(key);
      const problem = this.options.check?.(file) ?? null;
      this.list = [
        ...this.list,
        {
          key,
          name: file.name,
          size: file.size,
          status: problem ? 'failed' : 'queued',
          loaded: 0,
          message: problem ?? undefined,
        },
      ];
      if (!problem) this.files.set(key, file);
    }
    this.batches.push(batch);
    this.emit();
    this.settleBatches();
    this.pump();
  }

  /** Forget the finished rows (done and failed). */
  clearFinished(): void {
    this.list = this.list.filter((i) => i.status !== 'done' && i.status !== 'failed');
    this.emit();
  }

  /** Whether anything is still to send or under way. */
  busy(): boolean {
    return this.list.some((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'processing');
  }

  private pump(): void {
    const limit = this.options.concurrency ?? 2;
    while (this.active < limit) {
      const next = this.list.find((i) => i.status === 'queued');
      if (!next) return;
      this.active++;
      this.update(next.key, { status: 'uploading' });
      void this.run(next.key);
    }
  }

  private async run(key: number): Promise<void> {
    const file = this.files.get(key)!;
    try {
      const result = await this.options.send(file, (loaded) => {
        const done = loaded >= file.size;
        this.update(key, { loaded: Math.min(loaded, file.size), status: done ? 'processing' : 'uploading' });
      });
      this.update(key, { status: 'done', loaded: file.size });
      this.batches.find((b) => b.keys.includes(key))?.results.set(key, result);
      this.options.onUploaded?.(result);
    } catch (error) {
      this.update(key, { status: 'failed', message: this.options.describe(error) });
    } finally {
      this.files.delete(key);
      this.active--;
      this.settleBatches();
      this.pump();
    }
  }

  /** Report and forget the batches whose files have all finished. */
  private settleBatches(): void {
    const finished = (key: number) => {
      const status = this.list.find((i) => i.key === key)?.status;
      return status === undefined || status === 'done' || status === 'failed';
    };
    for (const batch of this.batches.filter((b) => b.keys.every(finished))) {
      this.batches = this.batches.filter((b) => b !== batch);
      const results = batch.keys.flatMap((k) => (batch.results.has(k) ? [batch.results.get(k)!] : []));
      if (results.length) this.options.onBatchDone?.(results);
    }
  }

  private update(key: number, patch: Partial<UploadItem>): void {
    this.list = this.list.map((i) => (i.key === key ? { ...i, ...patch } : i));
    this.emit();
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}
