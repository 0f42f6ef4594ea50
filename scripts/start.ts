/**
 * npm start: build the client when it is missing or stale, then run the server (which migrates,
 * seeds the demo accounts into an empty database and prints them).
 */
import { ensureClientBuild } from './client-build.js';

// A person reads this start's output: the demo accounts banner must not scroll away under request
// lines (LOG_REQUESTS=full or LOG_LEVEL=debug bring them back).
if (process.env.NODE_ENV !== 'production') process.env.LOG_REQUESTS ??= 'brief';
await ensureClientBuild();
await import('../src/server/main.js');
