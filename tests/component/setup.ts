import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { fakeFetch, resetServer } from './fake-server';
import { loadEnglish } from '../../src/client/i18n/catalogues';

// findBy* and waitFor give up after 5 s instead of 1: CI runs these beside the server files on two
// busy cores, where a catalogue fetched apart took longer than a second (a wait ends when it holds).
configure({ asyncUtilTimeout: 5_000 });

// English is fetched before the app's first render in the browser (main.tsx); here, imported.
await loadEnglish();

// The API client keeps the fetch it finds when its module loads: the fake is in place before.
globalThis.fetch = fakeFetch as typeof fetch;

// What a component writes to the console is a failure, as in the browser tests (React's warnings
// about keys, updates outside act, invalid DOM nesting).
let written: string[] = [];
beforeEach(() => {
  written = [];
  for (const level of ['error', 'warn'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      written.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
});

// Testing Library unmounts after each test by itself only where the test runner's globals are on;
// this suite imports them instead.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  resetServer();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  expect(written, 'the component wrote to the console').toEqual([]);
});
