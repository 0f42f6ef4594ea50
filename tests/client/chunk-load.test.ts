import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../../src/client/components/chunk-load';

describe('page chunk loading (120 s time-out, ChunkLoadError)', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the module when it arrives in time', async () => {
    await expect(loadChunk('about', () => Promise.resolve({ AboutPage: 1 }))).resolves.toEqual({ AboutPage: 1 });
  });

  it('a failed import becomes a ChunkLoadError naming the chunk and the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/login-page-abc.js');
    const error = await loadChunk('login', () => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toBeInstanceOf(Error);
    const e = error as ChunkLoadError;
    expect(e.name).toBe('ChunkLoadError');
    expect(e.chunk).toBe('login');
    expect(e.message).toBe(
      'Loading chunk "login" failed: Failed to fetch dynamically imported module: /assets/login-page-abc.js',
    );
    expect(e.cause).toBe(cause);
  });

  it('an import that hangs fails after 120,000 ms, not before', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const settled = vi.fn();
    const result = loadChunk('user-profile', () => new Promise<never>(() => undefined)).catch((e: unknown) => {
      settled();
      return e;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = (await result) as ChunkLoadError;
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toBe('Loading chunk "user-profile" failed: timed out after 120000 ms');
  });

  it('a module that arrives after the time-out changes nothing', async () => {
    vi.useFakeTimers();
    let arrive: (m: object) => void = () => undefined;
    const result = loadChunk('dashboard', () => new Promise<object>((r) => (arrive = r)), 1000).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(1000);
    arrive({ late: true });
    expect(((await result) as Error).name).toBe('ChunkLoadError');
  });
});
