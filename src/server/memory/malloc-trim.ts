import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * glibc's malloc_trim(0), through koffi (a foreign-function binding with prebuilt binaries): hands
 * the free pages inside malloc's arenas back to the system. glibc returns only the top of an arena
 * by itself, so the memory the Typst compiler and V8 freed in the middle of theirs stayed in the
 * process: after the exports bench's 550 prints one call gave back 37-44 MB (of 403-418).
 */
export type MallocTrim = () => void;

let binding: ((pad: number) => number) | null | undefined;

/**
 * The trim, or undefined off Linux. On a Linux without glibc (musl has no libc.so.6 and no
 * malloc_trim) the binding fails once, at the first trim, and every trim after is a no-op.
 */
export function mallocTrim(): MallocTrim | undefined {
  if (process.platform !== 'linux') return undefined;
  return () => {
    // Bound at the first trim, not at start: a server that never prints never loads koffi.
    binding ??= load();
    binding?.(0);
  };
}

function load(): ((pad: number) => number) | null {
  try {
    const koffi = require('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
  } catch {
    return null;
  }
}
