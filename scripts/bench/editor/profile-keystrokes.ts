/**
 * What one editor keystroke costs, from Chromium rather than a clock (issue 39): the app on a
 * built client (argv[2], e.g. dist/client), frames unthrottled (PROFILE_DISPLAY_CLOCK=1: 60 Hz), the same keystrokes as
 * `npm run bench -- editor`, under a CPU profile. Prints, per keystroke, the script time the
 * profile saw, the React components that rendered (counted from React's commits through the
 * devtools hook, as React DevTools counts them) and the heaviest functions by self time.
 * On a shared machine these counts say more than the timings do.
 *
 *   npx tsx scripts/bench/editor/profile-keystrokes.ts dist/client
 */
import { chromium, type CDPSession, type Page } from 'playwright-core';
import path from 'node:path';
import { startChild } from '../processes.js';
import { CHROMIUM_ARGS } from '../../../tests/e2e/helpers/browser.js';
import { IN_PAGE, percentile, timedKeystrokes } from './in-page.js';
import { renderCounter } from '../render-counter.js';

interface EditorApp {
  port: number;
  email: string;
  password: string;
  propertyId: number;
}

const KEYS = Number(process.env.BENCH_KEYSTROKES ?? 40);

/** Counts the components each React commit rendered while a keystroke is timed. */
const RENDER_COUNTER = renderCounter('window.__countRenders');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { type?: string } };
}

/** The renderer main thread's work per keystroke, by trace event (style, layout, paint, script, GC). */
async function traced(page: Page, label: string): Promise<void> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'],
  });
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(i % 2 === 0 ? '1' : 'Backspace');
    await page.waitForTimeout(30);
  }
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
  const totals = new Map<string, number>();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    const name = e.name === 'EventDispatch' ? `EventDispatch ${e.args?.data?.type ?? ''}` : e.name;
    totals.set(name, (totals.get(name) ?? 0) + e.dur / 1000);
  }
  console.log(`\n## trace, ${label}: ${KEYS} keystrokes (ms per keystroke, inclusive)`);
  for (const [k, v] of [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${(v / KEYS).toFixed(2)}  ${k}`);
}

/** Keystroke to next paint without a profiler attached (the bench's instrument), frames unthrottled. */
async function timed(page: Page, label: string): Promise<void> {
  const keys = await timedKeystrokes(page, KEYS);
  console.log(
    `\n## ${label}: keystroke to next paint p50 ${percentile(keys, 50).toFixed(1)} ms, p95 ${percentile(keys, 95).toFixed(1)} ms (n ${keys.length})`,
  );
}

async function profiled(page: Page, cdp: CDPSession, label: string): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __renders: Map<string, number>; __countRenders: boolean };
    w.__renders.clear();
    w.__countRenders = true;
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(i % 2 === 0 ? '1' : 'Backspace');
    await page.waitForTimeout(30);
  }
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const renders = await page.evaluate(() => {
    const w = window as unknown as { __renders: Map<string, number>; __countRenders: boolean };
    w.__countRenders = false;
    return [...w.__renders.entries()];
  });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let script = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') return;
    if (name !== '(garbage collector)') script += dt;
    const key = `${name || '(anonymous)'} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const total = renders.reduce((n, [, c]) => n + c, 0);
  console.log(`\n## ${label}: ${KEYS} keystrokes`);
  console.log(`script ${(script / KEYS).toFixed(2)} ms / keystroke; renders ${(total / KEYS).toFixed(1)} / keystroke`);
  console.log(
    'renders by component (per keystroke):',
    renders
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([n, c]) => `${n} ${(c / KEYS).toFixed(1)}`)
      .join(', '),
  );
  console.log('self time (ms per keystroke):');
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${(v / KEYS).toFixed(2)}  ${k}`);
}

async function main(): Promise<void> {
  const app = await startChild<EditorApp>('editor/serve-editor-app.ts', [
    path.resolve(process.argv[2] ?? 'dist/client'),
  ]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    // PROFILE_DISPLAY_CLOCK=1: Chromium's default 60 Hz frames, as the bench's first table.
    args: process.env.PROFILE_DISPLAY_CLOCK
      ? CHROMIUM_ARGS
      : [...CHROMIUM_ARGS, '--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
  try {
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${app.info.port}`,
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    await page.addInitScript(RENDER_COUNTER);
    await page.addInitScript(IN_PAGE);
    const cdp = await context.newCDPSession(page);
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(app.info.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(app.info.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    const open = async (tab: string) => {
      await page.goto(`/property/${app.info.propertyId}/${tab}`);
      await page.getByTestId(`tab-${tab}`).locator('[data-section]').first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => !document.querySelector('[data-pending-group]') && !!document.querySelector('[data-preloaded]'),
        undefined,
        { timeout: 60_000 },
      );
    };
    await open('sports-wellness');
    await page.getByRole('textbox', { name: 'Size (sqm)' }).first().click();
    await page.keyboard.press('End');
    await timed(page, 'sports & wellness, fitness centre size');
    await profiled(page, cdp, 'sports & wellness, fitness centre size');
    await traced(page, 'sports & wellness, fitness centre size');
    await open('rooms');
    await page.getByRole('button', { name: 'Edit Room (1)', exact: true }).click();
    await page.waitForFunction(() => !document.querySelector('[data-pending-group]'));
    await page.getByRole('textbox', { name: 'Room name' }).click();
    await page.keyboard.press('End');
    await timed(page, 'rooms, room name of the open room');
    await profiled(page, cdp, 'rooms, room name of the open room');
    await traced(page, 'rooms, room name of the open room');
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
