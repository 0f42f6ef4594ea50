/**
 * npm start: build the client when it is missing or stale, then run the server (which migrates,
 * seeds the demo accounts into an empty database and prints them).
 */
import { ensureClientBuild } from './client-build.js';

await ensureClientBuild();
await import('../src/server/main.js');
