/** Spec 000 §2 and §9: code chunks load with a 120-second time-out. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message || cause.name;
  return String(cause);
}

/** A page's code could not be loaded (spec 000 §8): names the chunk and the cause. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly chunk: string,
    cause: unknown,
  ) {
    super(`Loading chunk "${chunk}" failed: ${describe(cause)}`, { cause });
  }
}

/**
 * Import a chunk, failing with ChunkLoadError when the import fails or takes longer than
 * timeoutMs (a stalled network would otherwise leave the page loading for ever).
 */
export function loadChunk<T>(chunk: string, importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(chunk, new Error(`timed out after ${timeoutMs} ms`))),
      timeoutMs,
    );
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, cause));
      },
    );
  });
}
