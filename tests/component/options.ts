import { readFileSync } from 'node:fs';
import path from 'node:path';
import { answer } from './fake-server';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The options call (POST api/external/ops/options/) answered as the server answers it in the
 * language asked: each list's labels from locales/<lang>/options.json.
 */
export function answerOptions(): void {
  answer('POST', '/api/external/ops/options/', (body: unknown) => {
    const language = String((body as { language: string }).language).toLowerCase();
    const lists = JSON.parse(readFileSync(path.join(root, `locales/${language}/options.json`), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    return Object.entries(lists).map(([category, labels]) => ({
      category,
      options: Object.entries(labels).map(([value, text]) => ({ value, text })),
    }));
  });
}
