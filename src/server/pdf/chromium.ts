import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

/** Debian's package (apt-get install chromium): used whenever it is installed. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumInstall {
  executablePath: string;
  /** Where it came from, for the log. */
  source: 'configured' | 'debian' | 'npm';
  /** Extra environment for the browser process (the npm build's own NSS libraries). */
  env: Record<string, string>;
}

/** Flags for a quiet headless Chromium that reaches nothing outside. */
export const PRINT_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-zygote',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-domain-reliability',
  '--disable-sync',
  '--no-first-run',
  '--no-pings',
  '--disable-quic',
  '--font-render-hinting=none',
];

async function brotliTo(source: string, target: string): Promise<void> {
  const partial = `${target}.${process.pid}.${Date.now()}.part`;
  await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(partial));
  await chmod(partial, 0o755);
  // Several processes may unpack at once: each writes its own file, the rename is atomic.
  renameSync(partial, target);
}

async function untarBrotli(source: string, targetDir: string): Promise<void> {
  const partial = `${targetDir}.${process.pid}.${Date.now()}.part`;
  mkdirSync(partial, { recursive: true });
  const archive = `${partial}.tar`;
  await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(archive));
  const tar = spawn('tar', ['-x', '-f', archive, '-C', partial], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  tar.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number>((resolve) => tar.once('close', (c) => resolve(c ?? 1)));
  rmSync(archive, { force: true });
  if (code !== 0) throw new Error(`unpacking ${source} failed: ${stderr.trim()}`);
  try {
    renameSync(partial, targetDir);
  } catch {
    // Another process got there first.
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * The Chromium that ships inside the npm package @sparticuz/chromium (a headless-shell build
 * with its own NSS libraries), unpacked once per version under the temporary folder. Nothing is
 * downloaded: the package holds the browser, so `npm install` alone is enough.
 */
export async function npmChromium(): Promise<ChromiumInstall> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@sparticuz/chromium');
  const pkgDir = path.resolve(path.dirname(entry), '../..');
  const version = (JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  const bin = path.join(pkgDir, 'bin');
  const home = path.join(os.tmpdir(), `ananas-chromium-${version}`);
  mkdirSync(home, { recursive: true });
  const executablePath = path.join(home, 'chromium');
  const libDir = path.join(home, 'nss');
  if (!existsSync(executablePath)) await brotliTo(path.join(bin, 'chromium.br'), executablePath);
  if (!existsSync(libDir)) await untarBrotli(path.join(bin, 'al2023.tar.br'), libDir);
  const libs = path.join(libDir, 'lib');
  return { executablePath, source: 'npm', env: { LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') } };
}

/**
 * Which Chromium prints: the configured one (CHROMIUM_PATH; "npm" picks the npm package's), else
 * Debian's, else the npm package's.
 */
export async function findChromium(configured?: string): Promise<ChromiumInstall> {
  if (configured === 'npm') return npmChromium();
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH ${configured} does not exist`);
    return { executablePath: configured, source: 'configured', env: {} };
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, source: 'debian', env: {} };
  return npmChromium();
}
