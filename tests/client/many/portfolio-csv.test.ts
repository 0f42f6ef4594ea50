/**
 * The portfolio's CSV is for people: its headers and words are in the interface's language
 * (csv.* keys), and its cells are the table's values (issue 38 §3).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PortfolioRow } from '../../../src/client/api/portfolio';
import type { Translate } from '../../../src/client/i18n';
import { toCsv } from '../../../src/client/pages/many/csv';
import { csvRows } from '../../../src/client/pages/many/portfolio-model';
import type { Messages } from '../../../src/shared/i18n/messages';
import { createTranslator } from '../../../src/shared/i18n/translator';
import { englishT } from '../english-t';

const catalogue = (code: string): Messages =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../../locales/${code}/messages.json`), 'utf8'),
  ) as Messages;
const english = catalogue('en');
const inLanguage = (code: 'es' | 'ru'): Translate => {
  const translator = createTranslator(code, catalogue(code), english);
  return (key, values) => translator.text(key, values);
};

const row = {
  id: 7,
  hotel_name: 'Hotel Sol, "Playa"',
  city: 'Palma',
  country: 'ES',
  completeness: 80,
  publishable: true,
  publish_state: 'changed',
  published_at: '2026-11-20T10:00:00Z',
  last_confirmed: '2026-11-01',
  stale_sections: 2,
  operators: [
    { company: 'Blue Sky Tours', ready: true, missing: 0 },
    { company: 'Mar Azul', ready: false, missing: 3 },
  ],
  photo_count: 12,
  rooms: 4,
  stop_sale_coverage: 35,
} as unknown as PortfolioRow;

describe('the portfolio CSV', () => {
  it('writes its headers and words in the language of the interface', () => {
    const es = csvRows([row], inLanguage('es'));
    expect(es.header.slice(0, 5)).toEqual(['ID', 'Establecimiento', 'Ciudad', 'País', 'Completado (%)']);
    expect(es.rows[0]).toEqual([
      7,
      'Hotel Sol, "Playa"',
      'Palma',
      'ES',
      80,
      'sí',
      'Guardado, sin publicar',
      '2026-11-20T10:00:00Z',
      '2026-11-01',
      2,
      '1/2',
      'Blue Sky Tours; Mar Azul (pendientes: 3)',
      12,
      4,
      35,
    ]);
    const ru = csvRows([{ ...row, publishable: false, publish_state: 'draft' }], inLanguage('ru'));
    expect(ru.header[1]).toBe('Объект');
    expect(ru.rows[0]!.slice(5, 7)).toEqual(['нет', 'Не опубликован']);
  });

  it('keeps the English headers as they were, quoting cells that need it', () => {
    const table = csvRows([row], englishT);
    const text = toCsv(table.header, table.rows);
    expect(text.split('\r\n')[0]).toBe(
      'Id,Property,City,Country,Complete (%),Publishable,Publish state,Published at,Last confirmed,' +
        'Sections to confirm,Operators ready,Operators,Photos,Rooms,Stop-sale next 90 days (%)',
    );
    expect(text).toContain('"Hotel Sol, ""Playa"""');
    expect(text).toContain('yes,"Saved, not published"');
    expect(text).toContain('Blue Sky Tours; Mar Azul (3 open)');
  });
});
