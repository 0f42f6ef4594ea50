// The SQLite checkpoint thread (see checkpoint-thread.ts). Plain JavaScript, like the Typst
// thread: a worker thread does not inherit the parent's TypeScript loader.
// Messages in: { type: 'checkpoint' | 'close', file }; out: { type: 'done' | 'closed', file }.
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** A connection of its own per database file (a checkpoint is a database's, whichever connection runs it). */
const open = new Map();

parentPort.on('message', (/** @type {{ type: string; file: string }} */ message) => {
  const { type, file } = message;
  if (type === 'checkpoint') {
    try {
      let db = open.get(file);
      if (!db) {
        db = new Database(file, { fileMustExist: true });
        open.set(file, db);
      }
      // PASSIVE: copies what no reader still needs and never waits for, nor blocks, the server's writes.
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy or gone: the next write asks again, and SQLite's own checkpoint remains.
    }
    parentPort.postMessage({ type: 'done', file });
  } else if (type === 'close') {
    try {
      open.get(file)?.close();
    } catch {
      // Closed already.
    }
    open.delete(file);
    parentPort.postMessage({ type: 'closed', file });
  }
});
