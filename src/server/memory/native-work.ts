import type { Trimmer } from './trimmer.js';

/**
 * The trimmer that native work outside the printer reports to: photos are made by a module of
 * their own (features/photos/images.ts, its concurrency bounded per process) with no services at
 * hand, and malloc's arenas are the process's, not an app's. app.ts sets it; the last app built
 * in a process (a test's) wins.
 */
let current: Trimmer | undefined;

export function reportNativeWorkTo(trimmer: Trimmer): void {
  current = trimmer;
}

/** A piece of native-heavy work (an image decoded and encoded) has ended. */
export function nativeWorkDone(): void {
  current?.afterWork();
}
