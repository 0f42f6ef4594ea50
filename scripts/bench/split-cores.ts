/**
 * BENCH_SPLIT_CORES=1: the bench's process, with the portals it serves and the servers it starts,
 * on the first core; Chromium on the others: a server and a visitor on machines of their own, as
 * they are in use. Sharing this 2-core machine, a page whose parts overlap in time (the scripts
 * loading while the server renders the page) pays here for an overlap that across a network costs
 * nothing; split, such a change is measured as the visitor meets it. The default shares the cores.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The split as a sentence for the bench's header, or undefined when the cores are shared. */
export function splitCores(): string | undefined {
  if (process.env.BENCH_SPLIT_CORES !== '1') return undefined;
  const cores = os.cpus().length;
  if (cores < 2) throw new Error('BENCH_SPLIT_CORES needs at least 2 cores');
  // Every thread of this process (-a), and whatever it starts later, keeps to core 0.
  execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
  const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
  const wrapper = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-')), 'chromium');
  writeFileSync(wrapper, `#!/bin/sh\nexec taskset -c 1-${cores - 1} ${JSON.stringify(chromium)} "$@"\n`);
  chmodSync(wrapper, 0o755);
  process.env.CHROMIUM = wrapper;
  return `cores split: the bench and its servers on core 0, Chromium on ${cores === 2 ? 'core 1' : `cores 1-${cores - 1}`}`;
}
