import type { Database as BetterSqlite } from 'better-sqlite3';
import { checkpoint, forget } from './checkpoint-thread.js';

/**
 * WAL checkpoints out of the requests (issue 39). SQLite's own automatic checkpoint runs inside
 * the COMMIT that takes the WAL over wal_autocheckpoint pages (1,000 by default): a 50-room save
 * writes about 1.5 MB (rows, revision, audit), so every third or so save paid for copying and
 * syncing the pages of the saves before it. Here the checkpoint thread (checkpoint-thread.ts)
 * runs a PASSIVE checkpoint once the database has been idle (no statement) for `idleMs`, or at
 * the latest about ten times that after the first statement since the last one; the event loop
 * only posts a message. SQLite's own checkpoint stays as a safety net at `autocheckpointPages`
 * (should the thread fall behind, the WAL stays bounded).
 */
export interface CheckpointSettings {
  /** SQLITE_CHECKPOINT_IDLE_SECONDS (ms here): quiet time before a checkpoint; 0 leaves checkpoints to SQLite alone. */
  idleMs: number;
  /** SQLITE_WAL_AUTOCHECKPOINT_PAGES: SQLite's own checkpoint, inside a commit, once the WAL has this many pages. */
  autocheckpointPages: number;
}

export const DEFAULT_CHECKPOINTS: CheckpointSettings = { idleMs: 200, autocheckpointPages: 10_000 };

export interface Checkpoints {
  /** Called for every statement: the database is not idle. */
  touched: () => void;
  /** No checkpoint after this; the thread lets go of the file (before the connection closes). */
  stop: () => Promise<void>;
}

export function idleCheckpoints(sqlite: BetterSqlite, settings: CheckpointSettings): Checkpoints {
  sqlite.pragma(`wal_autocheckpoint = ${settings.autocheckpointPages}`);
  if (settings.idleMs <= 0 || sqlite.memory) return { touched: () => undefined, stop: () => Promise.resolve() };
  const file = sqlite.name;
  // However busy, a checkpoint at least this often while statements keep coming.
  const maxDelayMs = Math.max(settings.idleMs * 10, 1000);
  let timer: NodeJS.Timeout | undefined;
  let since = 0;
  let stopped = false;
  const run = () => {
    timer = undefined;
    if (!stopped) checkpoint(file);
  };
  return {
    touched: () => {
      if (stopped) return;
      if (!timer) {
        since = Date.now();
        timer = setTimeout(run, settings.idleMs);
        timer.unref();
      }
      // Idle for idleMs from now, unless the first pending statement is already maxDelayMs old.
      else if (Date.now() - since < maxDelayMs) timer.refresh();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await forget(file);
    },
  };
}
