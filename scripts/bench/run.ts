/**
 * npm run bench: the figures the design asks for, measured on this machine. Nothing here is
 * asserted; the numbers go into the issue notes. BENCH_SECONDS (default 10) sets each run's length.
 */
import { serverBenches } from './server-benches.js';

const sections = (process.argv[2] ?? 'server').split(',');
const out: string[] = [];
if (sections.includes('server')) out.push(...(await serverBenches()));
console.log(`\n${out.join('\n')}\n`);
process.exit(0);
