/**
 * npm run bench: the figures the design asks for, measured on this machine. Nothing here is
 * asserted; the numbers go into the issue notes. BENCH_SECONDS (default 10) sets each run's length.
 * Sections, a comma list (default all): server, photos, gallery, editor, exports, partners, stopsale, opexports; e.g. npm run bench -- editor.
 * market (PostgreSQL + Redis, not in the default) runs only when named: npm run bench -- market.
 */
import { serverBenches } from './server-benches.js';
import { photoBenches } from './photo-benches.js';
import { galleryBenches } from './gallery-benches.js';
import { editorBenches } from './editor-benches.js';
import { exportsBenches } from './exports-benches.js';
import { partnerBenches } from './partner-benches.js';
import { stopSaleBenches } from './stop-sale-benches.js';
import { stopSaleBrowserBenches } from './stop-sale-browser.js';
import { marketBenches } from './market-benches.js';
import { operatorExportsBenches } from './operator-exports-benches.js';

const sections = (process.argv[2] ?? 'server,photos,gallery,editor,exports,partners,stopsale,opexports').split(',');
const out: string[] = [];
if (sections.includes('server')) out.push(...(await serverBenches()));
if (sections.includes('photos')) out.push(...(await photoBenches()));
if (sections.includes('gallery')) out.push(...(await galleryBenches()));
if (sections.includes('editor')) out.push(...(await editorBenches()));
if (sections.includes('exports')) out.push(...(await exportsBenches()));
if (sections.includes('partners')) out.push(...(await partnerBenches()));
if (sections.includes('stopsale')) out.push(...(await stopSaleBenches()), ...(await stopSaleBrowserBenches()));
// Not in the default list: it needs PostgreSQL and Redis, and the 10,000 size takes long.
if (sections.includes('market')) out.push(...(await marketBenches()));
if (sections.includes('opexports')) out.push(...(await operatorExportsBenches()));
console.log(`\n${out.join('\n')}\n`);
process.exit(0);
