import type { Trimmer } from './trimmer.js';

/**
 * The trimmer native work reports to (the printer's documents, the photos made): malloc's arenas
 * are the process's, not an app's, and photos are made by a module with no services at hand
 * (features/photos/images.ts, its concurrency bounded per process). app.ts sets it; the last app
 * built in a process (a test's) wins.
 */
let current: Trimmer | undefined;

export function reportNativeWorkTo(trimmer: Trimmer): void {
  current = trimmer;
}

/** A piece of native-heavy work (a document printed, an image decoded and encoded) has ended. */
export function nativeWorkDone(): void {
  current?.afterWork();
}
