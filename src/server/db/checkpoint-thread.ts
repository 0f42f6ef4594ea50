import { Worker } from 'node:worker_threads';

/**
 * One thread per process runs the WAL checkpoints of every SQLite database the process opened
 * (checkpoint-worker.mjs, a connection of its own per file), so a checkpoint's page copying and
 * syncing never blocks the event loop. Started on the first checkpoint, ended after `IDLE_EXIT_MS`
 * without one (a server at rest holds no thread for it). A checkpoint asked for while one of the
 * same file runs is run once after it.
 */
const IDLE_EXIT_MS = 30_000;

interface FileState {
  running: boolean;
  again: boolean;
}

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
const files = new Map<string, FileState>();
const closing = new Map<string, () => void>();

function busy(): boolean {
  return closing.size > 0 || [...files.values()].some((f) => f.running);
}

function thread(): Worker {
  clearTimeout(idleTimer);
  if (worker) return worker;
  const started = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url));
  started.on('message', (m: { type: 'done' | 'closed'; file: string }) => {
    if (m.type === 'closed') {
      closing.get(m.file)?.();
      closing.delete(m.file);
    } else {
      const state = files.get(m.file);
      if (state) {
        state.running = false;
        if (state.again) {
          state.again = false;
          checkpoint(m.file);
        }
      }
    }
    if (!busy()) idleLater();
  });
  const gone = () => {
    if (worker !== started) return;
    worker = undefined;
    for (const state of files.values()) state.running = false;
    for (const done of closing.values()) done();
    closing.clear();
  };
  started.on('error', gone);
  started.on('exit', gone);
  // After the listeners (adding one refs the thread again): the thread never keeps the process alive.
  started.unref();
  worker = started;
  return started;
}

function idleLater(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (!worker || busy()) return;
    const ending = worker;
    worker = undefined;
    // Its connections are readers only: ending the thread closes them.
    void ending.terminate();
  }, IDLE_EXIT_MS);
  idleTimer.unref();
}

/** Checkpoint this database file in the thread (PASSIVE), now or right after the one running. */
export function checkpoint(file: string): void {
  let state = files.get(file);
  if (!state) files.set(file, (state = { running: false, again: false }));
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  thread().postMessage({ type: 'checkpoint', file });
}

/** The server closes this database: the thread's connection to it goes first. */
export async function forget(file: string): Promise<void> {
  const state = files.get(file);
  files.delete(file);
  if (!state || !worker) return;
  const w = worker;
  // Held while the server waits for it (an unreferenced thread would let the process end meanwhile).
  w.ref();
  await new Promise<void>((resolve) => {
    closing.set(file, resolve);
    w.postMessage({ type: 'close', file });
  });
  w.unref();
  if (!busy()) idleLater();
}
