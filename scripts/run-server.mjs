/**
 * What `npm start` runs once scripts/start.ts has built the client and the server bundle: the
 * bundled server in this process (no tsx loader in memory). Plain JavaScript, so node runs it as
 * it is; glibc's malloc settings (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_) and --enable-source-maps come
 * from package.json's start command.
 */
// A person reads this start's output: the demo accounts banner must not scroll away under request
// lines (LOG_REQUESTS=full or LOG_LEVEL=debug bring them back).
if (process.env.NODE_ENV !== 'production') process.env.LOG_REQUESTS ??= 'brief';
await import('../node_modules/.cache/ananas-server/main.mjs');
