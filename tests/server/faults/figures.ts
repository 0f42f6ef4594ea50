import { Writable } from 'node:stream';

/** Answers by status: { '201': 40, '503': 12 }. */
export function byStatus(statuses: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of [...statuses].sort((a, b) => a - b)) out[String(s)] = (out[String(s)] ?? 0) + 1;
  return out;
}

/**
 * The figures of a fault test (requests answered during the outage by status, time to recovery,
 * saves lost), printed with the test's output so a run shows them; `FAULT_FIGURES=0` keeps quiet.
 */
export function printFigures(title: string, figures: Record<string, unknown>): void {
  if (process.env.FAULT_FIGURES === '0') return;
  const lines = Object.entries(figures).map(([k, v]) => `  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  console.log(`[fault figures] ${title}\n${lines.join('\n')}`);
}

/** The app's log lines (pino JSON), kept to be read by the test. */
export class LogLines {
  readonly lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  readonly stream = new Writable({
    write: (chunk: Buffer, _enc, done) => {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) this.lines.push(JSON.parse(line) as LogLines['lines'][number]);
      done();
    },
  });

  /** A Fastify logger option writing here. */
  get logger() {
    return { level: 'info', stream: this.stream };
  }

  matching(re: RegExp): LogLines['lines'] {
    return this.lines.filter((l) => re.test(l.msg));
  }
}
