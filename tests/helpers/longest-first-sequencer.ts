import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Each file's time in a recent full run (tests/helpers/slowest-files-reporter.ts writes it). */
export const FILE_TIMES = path.resolve(import.meta.dirname, '../file-times.json');

export function readFileTimes(file = FILE_TIMES): Record<string, number> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

/**
 * The longest files first within each project. vitest orders a project's files by their last
 * durations in its cache, which a clean clone (CI) has not: it then starts the largest files
 * first, and bench-smoke, a small file of two minutes, started last and ran alone on one core of
 * two while the other waited. With the times of a recent run (tests/file-times.json, committed)
 * the long files start first and the short ones fill in at the end. A file the list does not know
 * yet starts before the known ones, as vitest starts unknown files first. Projects keep vitest's
 * order, one after the other: a worker that runs the server files imports the app once.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const times = readFileTimes();
    const root = this.ctx.config.root;
    const known = (spec: TestSpecification) => times[path.relative(root, spec.moduleId)] ?? Infinity;
    const base = await super.sort(files);
    const rank = new Map(base.map((spec, i) => [spec, i]));
    return [...base].sort((a, b) => {
      if (a.project.name !== b.project.name) return rank.get(a)! - rank.get(b)!;
      return known(b) - known(a) || rank.get(a)! - rank.get(b)!;
    });
  }
}
