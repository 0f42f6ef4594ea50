/**
 * npm start, first half: build the client and the server bundle when missing or stale. The start
 * command then runs scripts/run-server.mjs with node (the server, which migrates, seeds the demo
 * accounts into an empty database and prints them), so the serving process carries neither tsx
 * nor this script's memory.
 */
import { ensureClientBuild } from './client-build.js';
import { serverBundle } from './server-bundle.js';

await ensureClientBuild();
await serverBundle();
