/**
 * When `npm start` (scripts/start.ts) and the browser tests build the client: when the build is
 * missing or older than the client's sources, never when it is fresh; and the build leaves
 * NODE_ENV as it found it (a build sets it to production, and npm start then runs the server in
 * the same process, which would take itself for a production start and seed no demo). The real
 * build is CI's `npm run build`, which the browser tests and tests/server/start.test.ts serve.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBuildIsStale, ensureClientBuild, type ClientBuilder } from '../../scripts/client-build.js';

describe('the client build npm start makes when it needs one', () => {
  const dirs: string[] = [];
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });

  /** A build folder whose index.html was written at `when` (seconds since 1970), or none. */
  function buildDir(when?: number): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ananas-client-'));
    dirs.push(dir);
    if (when !== undefined) {
      writeFileSync(path.join(dir, 'index.html'), '<div id="root"></div>');
      utimesSync(path.join(dir, 'index.html'), when, when);
    }
    return dir;
  }

  /** A builder that writes index.html, as vite does, and sets NODE_ENV=production, as a production build does. */
  function recordingBuilder(): { build: ClientBuilder; builds: string[] } {
    const builds: string[] = [];
    return {
      builds,
      build: async (outDir) => {
        builds.push(outDir);
        process.env.NODE_ENV = 'production';
        mkdirSync(outDir, { recursive: true });
        writeFileSync(path.join(outDir, 'index.html'), '<div id="root"></div>');
      },
    };
  }

  it('builds a missing client, then finds it fresh', async () => {
    const dir = path.join(buildDir(), 'client');
    const { build, builds } = recordingBuilder();
    expect(clientBuildIsStale(dir)).toBe(true);
    expect(await ensureClientBuild(dir, build)).toBe(true);
    expect(builds).toEqual([dir]);
    expect(clientBuildIsStale(dir)).toBe(false);
    expect(await ensureClientBuild(dir, build)).toBe(false);
    expect(builds).toHaveLength(1);
  });

  it('builds again when a source is newer than the build, and not when the build is newer', async () => {
    const stale = buildDir(1);
    const fresh = buildDir(Date.now() / 1000 + 3600);
    const { build, builds } = recordingBuilder();
    expect(await ensureClientBuild(fresh, build)).toBe(false);
    expect(await ensureClientBuild(stale, build)).toBe(true);
    expect(builds).toEqual([stale]);
  });

  it('leaves NODE_ENV as it found it, unset or set', async () => {
    const { build } = recordingBuilder();
    delete process.env.NODE_ENV;
    await ensureClientBuild(path.join(buildDir(), 'a'), build);
    expect(process.env.NODE_ENV).toBeUndefined();
    process.env.NODE_ENV = 'development';
    await ensureClientBuild(path.join(buildDir(), 'b'), build);
    expect(process.env.NODE_ENV).toBe('development');
  });
});
