import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { answer } from './fake-server';

const root = path.resolve(import.meta.dirname, '../..');

type Lists = Record<string, Record<string, string>>;

/** English is the source: each list's own labels in schemas/options/ (the other languages translate them). */
function englishLists(): Lists {
  const dir = path.join(root, 'schemas/options');
  const lists: Lists = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const list = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      category: string;
      options: { value: unknown; label: { en: string } }[];
    };
    lists[list.category] = Object.fromEntries(list.options.map((o) => [String(o.value), o.label.en]));
  }
  return lists;
}

/**
 * The options call (POST api/external/ops/options/) answered as the server answers it in the
 * language asked: each list's labels from locales/<lang>/options.json (English: schemas/options/).
 */
export function answerOptions(): void {
  answer('POST', '/api/external/ops/options/', (body: unknown) => {
    const language = String((body as { language: string }).language).toLowerCase();
    const lists =
      language === 'en'
        ? englishLists()
        : (JSON.parse(readFileSync(path.join(root, `locales/${language}/options.json`), 'utf8')) as Lists);
    return Object.entries(lists).map(([category, labels]) => ({
      category,
      options: Object.entries(labels).map(([value, text]) => ({ value, text })),
    }));
  });
}
