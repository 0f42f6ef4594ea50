/**
 * npm run bench: the figures the design asks for, measured on this machine. Nothing here is
 * asserted; the numbers go into the issue notes. BENCH_SECONDS (default 10) sets each run's length.
 * Sections, a comma list (default all): server, client, photos, gallery, editor, exports, partners, stopsale, opexports, portfolio; e.g. npm run bench -- editor.
 * market (PostgreSQL + Redis, not in the default) runs only when named: npm run bench -- market.
 * chart (part of stopsale) runs the availability chart in Chromium alone: npm run bench -- chart.
 * Each section's figures come with the load average at its start and end; every server a section
 * started is stopped before the bench ends, whatever happened. BENCH_SPLIT_CORES=1 runs the
 * servers and Chromium on cores of their own (split-cores.ts).
 */
import { serverBenches } from './server-benches.js';
import { clientBenches } from './client-benches.js';
import { photoBenches } from './photo-benches.js';
import { galleryBenches } from './gallery-benches.js';
import { editorBenches } from './editor-benches.js';
import { exportsBenches } from './exports-benches.js';
import { partnerBenches } from './partner-benches.js';
import { stopSaleBenches } from './stop-sale-benches.js';
import { stopSaleBrowserBenches } from './stop-sale-browser.js';
import { marketBenches } from './market-benches.js';
import { operatorExportsBenches } from './operator-exports-benches.js';
import { portfolioBenches } from './portfolio-benches.js';
import { loadAverage, stopAll } from './harness.js';
import { splitCores } from './split-cores.js';

const SECTIONS: Record<string, () => Promise<string[]>> = {
  server: serverBenches,
  client: clientBenches,
  photos: photoBenches,
  gallery: galleryBenches,
  editor: editorBenches,
  exports: exportsBenches,
  partners: partnerBenches,
  stopsale: async () => [...(await stopSaleBenches()), ...(await stopSaleBrowserBenches())],
  // The chart's browser half of stopsale alone (not in the default list: stopsale runs it).
  chart: stopSaleBrowserBenches,
  // Not in the default list: it needs PostgreSQL and Redis, and the 10,000 size takes long.
  market: marketBenches,
  opexports: operatorExportsBenches,
  portfolio: portfolioBenches,
};
const DEFAULT = [
  'server',
  'client',
  'photos',
  'gallery',
  'editor',
  'exports',
  'partners',
  'stopsale',
  'opexports',
  'portfolio',
];

const chosen = process.argv[2] ? process.argv[2].split(',') : DEFAULT;
const unknown = chosen.filter((s) => !SECTIONS[s]);
if (unknown.length) {
  console.error(`Unknown bench section ${unknown.join(', ')}; the sections: ${Object.keys(SECTIONS).join(', ')}.`);
  process.exit(2);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));

const split = splitCores();
if (split) console.error(`bench: ${split}`);
const out: string[] = split ? [`_${split[0]!.toUpperCase()}${split.slice(1)}._`, ''] : [];
let failed = false;
let current = '';
try {
  for (const name of chosen) {
    current = name;
    const start = loadAverage();
    console.error(`bench ${name}: ${start}`);
    const began = performance.now();
    const cpu = process.cpuUsage();
    const lines = await SECTIONS[name]!();
    // The section's own time and the bench process's CPU in it (the servers and browsers it
    // started are other processes): where a run's, and the smoke test's, minutes go.
    const used = process.cpuUsage(cpu);
    const took = `${((performance.now() - began) / 1000).toFixed(1)} s, ${((used.user + used.system) / 1e6).toFixed(1)} s of the bench process's CPU`;
    console.error(`bench ${name}: done in ${took}`);
    out.push(`## ${name}`, '', `At the start: ${start}. At the end: ${loadAverage()}. Took ${took}.`, '', ...lines, '');
  }
} catch (e) {
  failed = true;
  console.error(`bench ${current} failed:`);
  console.error(e);
} finally {
  await stopAll();
}
console.log(`\n${out.join('\n')}\n`);
process.exit(failed ? 1 : 0);
