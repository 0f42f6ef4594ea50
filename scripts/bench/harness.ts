/**
 * What every bench section shares (DESIGN "Numbers to reach": a p95 comes from at least 100
 * samples after a warm-up, never from the maximum of 20; every bench prints the machine's load
 * average at its start and end; a bench leaves no server running).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * BENCH_SMOKE=1: every section once at a tiny size, in seconds, to show it still runs
 * (tests/server/bench-smoke.test.ts does for the server's sections, so a change that breaks one
 * fails CI); its figures mean nothing. A size set in the environment is kept. Set here,
 * before any section reads its sizes (each imports this module first) and before any server a
 * section starts inherits the environment.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';
const SMOKE_SIZES: Record<string, string> = {
  // A load run only has to show the section still runs: a third of a second of 50 connections, not
  // seconds of both cores (six sections load the server a dozen times between them).
  BENCH_SECONDS: '0.3',
  BENCH_PHOTOS: '2',
  BENCH_PHOTO_SIZE: '800x600',
  BENCH_EXPORT_PHOTOS: '3',
  BENCH_PDF_RUNS: '1',
  BENCH_GALLERY_PHOTOS: '4',
  BENCH_GALLERY_LOADS: '1',
  BENCH_GALLERY_MOVES: '3',
  BENCH_KEYSTROKES: '3',
  // Stock rjsf takes a minute to render 50 rooms on a busy machine; three show the page still works.
  BENCH_EDITOR_ROOMS: '3',
  BENCH_TAB_ROUNDS: '1',
  BENCH_STOPSALE_RUNS: '2',
  BENCH_CHART_LOADS: '2',
  BENCH_CHART_NAVS: '2',
  BENCH_DRAG_MOVES: '3',
  BENCH_OPERATORS: '5',
  BENCH_HOTELS: '20',
  BENCH_OPEXPORT_HOTELS: '2',
  BENCH_OPEXPORT_PHOTOS: '1',
  BENCH_MARKET_SIZES: '20',
  BENCH_MARKET_ALONE: '3',
  BENCH_BULK_RUNS: '1',
  BENCH_PORTFOLIO_PROPERTIES: '5',
  BENCH_PORTFOLIO_LOADS: '2',
  BENCH_PORTFOLIO_NAVS: '2',
  BENCH_CLIENT_LOADS: '2',
};
if (SMOKE) for (const [name, value] of Object.entries(SMOKE_SIZES)) process.env[name] ??= value;

/** The editor's rooms tab: how many rooms the bench hotel has (the figure is at 50). */
export const EDITOR_ROOMS = Number(process.env.BENCH_EDITOR_ROOMS ?? 50);

/** Samples a p95 (or p99) is reported from, at the least. */
export const MIN_SAMPLES = SMOKE ? 3 : 100;
/** Unrecorded runs before the samples: pools filled, code compiled, caches warm. */
export const WARMUP = SMOKE ? 1 : 10;

/** Runs `fn` `warmup` times unrecorded, then `samples` times; answers each sample's milliseconds. */
export async function sample(
  fn: (i: number) => Promise<unknown>,
  options: { samples?: number; warmup?: number } = {},
): Promise<number[]> {
  const { samples = MIN_SAMPLES, warmup = WARMUP } = options;
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  return times;
}

/** The nearest-rank percentile (p in 0-100) of the values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * "p50 | p95 | max | n" as a table's cells, in ms with `digits` decimals; with fewer than
 * MIN_SAMPLES values the p95 cell says so instead of a figure.
 */
export function cells(values: readonly number[], digits = 1, high = 95): string {
  const f = (n: number) => n.toFixed(digits);
  const tail = values.length >= MIN_SAMPLES ? f(percentile(values, high)) : `(n < ${MIN_SAMPLES})`;
  return `${f(percentile(values, 50))} | ${tail} | ${f(Math.max(...values))} | ${values.length}`;
}

/** The machine's load average and cores, e.g. "load average 1.52 / 1.10 / 0.87 (1, 5, 15 min) on 2 cores". */
export function loadAverage(): string {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `load average ${one} / ${five} / ${fifteen} (1, 5, 15 min) on ${os.cpus().length} cores`;
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux's clock ticks are
 * 1/100 s). The CPU a request costs does not depend on how busy the machine is; its wall time does.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU ms used so far by every process whose command name is one of `names` (postgres, redis-server). */
export function cpuMsOfCommands(names: readonly string[]): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!names.includes(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** CPU ms the whole machine has been busy so far, every core summed (/proc/stat, all but idle and iowait). */
export function machineBusyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields;
  // Jiffies of USER_HZ, 100 a second on Linux.
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
}

const started = new Set<ChildProcess>();

/**
 * Spawn a server process for a bench, in a process group of its own (so whatever it starts
 * stops with it), remembered until it has exited: stopAll() ends whatever is left.
 */
export function spawnServer(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Stop a server as an operator would (SIGTERM to its process group) and wait for it to exit; one
 * that has not exited after `graceMs` is killed (SIGKILL), and that is said on stderr: a server
 * that ignores SIGTERM is a finding, not something to hide.
 */
export async function stopServer(child: ChildProcess, name: string, graceMs = 15_000): Promise<void> {
  if (!child.pid) return;
  const done = exited(child) ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    done.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
  ]);
  clearTimeout(timer);
  if (!inTime) {
    console.error(`bench: ${name} (pid ${child.pid}) did not stop within ${graceMs / 1000} s of SIGTERM: killed`);
    signalGroup(child, 'SIGKILL');
    await done;
  }
  // What the server started (a browser, workers) goes with it.
  signalGroup(child, 'SIGKILL');
  started.delete(child);
}

/** Every server still running (a section failed half-way): stopped before the bench ends. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...started].map((child) => stopServer(child, `server ${child.spawnargs.slice(1).join(' ')}`, 5_000)),
  );
}
