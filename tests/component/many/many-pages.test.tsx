import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BulkEditPage } from '../../../src/client/pages/many/bulk-edit-page';
import { PortfolioTablePage } from '../../../src/client/pages/many/portfolio-table-page';
import type { BulkEditWire, PortfolioRowWire } from '../../../src/shared/generated/wire-types';
import { answer } from '../fake-server';
import { answerOptions } from '../options';
import { renderInApp } from '../render';

/**
 * The pages for many properties (portfolio, a bulk edit's batch) in another language: every word
 * on screen from the catalogues, and a change's field and values with the section's translated
 * titles and option labels. Driven end to end in English: tests/e2e/many-properties.test.ts.
 */

const row = (id: number, fields: Partial<PortfolioRowWire>): PortfolioRowWire => ({
  id,
  hotel_name: `Hotel ${id}`,
  city: 'Palma',
  country: 'ES',
  completeness: 50,
  publishable: false,
  missing_required: 3,
  publish_state: 'draft',
  published_at: null,
  last_confirmed: null,
  stale_sections: 0,
  photo_count: 0,
  rooms: 0,
  stop_sale_coverage: 0,
  operators: [],
  ...fields,
});

/** Latin words on screen that are none of these (the data's names, brands): the English left. */
function latinWords(text: string, allowed: readonly string[]): string[] {
  let rest = text;
  for (const a of allowed) rest = rest.split(a).join(' ');
  return [...new Set(rest.match(/[A-Za-z]{2,}/g) ?? [])];
}

describe('the pages for many properties, in another language', () => {
  it('shows the portfolio in Russian: headings, filters, counts and each row’s words', async () => {
    answer('GET', '/api/facts/portfolio/', [
      row(1, {
        hotel_name: 'Sol Playa',
        stale_sections: 2,
        operators: [{ operator: 9, company: 'Tours Co', ready: false, missing: 2 }],
      }),
      row(2, {
        hotel_name: 'Casa Mar',
        completeness: 100,
        publishable: true,
        publish_state: 'published',
        published_at: '2026-11-20T10:00:00Z',
        last_confirmed: '2026-11-20T10:00:00Z',
      }),
    ]);
    const { container } = renderInApp(<PortfolioTablePage />, { language: 'ru', path: '/property-portfolio' });
    // The first render in a language waits for its catalogue.
    await screen.findByRole('heading', { name: 'Портфель' }, { timeout: 10_000 });
    const page = await screen.findByTestId('portfolio-table-page');
    await waitFor(() => expect(screen.getAllByTestId('portfolio-row')).toHaveLength(2), { timeout: 10_000 });
    expect(screen.getByTestId('portfolio-count').textContent).toBe('2 из 2 объектов');
    expect(screen.getByRole('button', { name: 'Экспорт в CSV' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Заполнено' })).toBeTruthy();
    const sol = container.querySelector<HTMLElement>('[data-property-id="1"]')!;
    expect(sol.textContent).toContain('Не опубликован');
    expect(sol.textContent).toContain('Tours Co: 2 не готово');
    expect(sol.textContent).toContain('2 на подтверждение');
    expect(sol.textContent).toContain('Испания');
    const casa = container.querySelector<HTMLElement>('[data-property-id="2"]')!;
    expect(casa.textContent).toContain('Нет контракта');
    expect(within(casa).getByRole('link', { name: 'Изменить данные: Casa Mar' }).textContent).toBe('Изменить');
    expect(latinWords(page.textContent ?? '', ['Sol Playa', 'Casa Mar', 'Tours Co', 'Palma', 'CSV'])).toEqual([]);
  });

  it('shows a finished batch in Persian: its state, summary and each change with the section’s titles and option labels', async () => {
    answerOptions();
    const batch: BulkEditWire = {
      id: 5,
      state: 'done',
      section: 'main-info',
      title: 'Main info',
      fields: [
        { field: 'rating', label: 'Rating' },
        { field: 'check_in_time', label: 'Check-in time' },
      ],
      values: { rating: 5, check_in_time: '14:00' },
      total: 2,
      done: 2,
      counts: { applied: 1, same: 1, failed: 0, undone: 0, kept: 0 },
      items: [
        {
          property: 1,
          hotel_name: 'Sol Playa',
          outcome: 'applied',
          changes: [
            { field: 'rating', label: 'Rating', from: 4, to: 5 },
            { field: 'check_in_time', label: 'Check-in time', from: null, to: '14:00' },
            { field: 'tax.tax_charges', label: 'Tax › Tax: charges', from: 'Inclusive', to: 'Additional Charge' },
          ],
          message: null,
        },
        { property: 2, hotel_name: 'Casa Mar', outcome: 'same', changes: [], message: null },
      ],
      created_at: '2026-11-20T10:00:00Z',
      created_by: 'owner@example.com',
      finished_at: '2026-11-20T10:00:05Z',
      undone_at: null,
      error: null,
      can_undo: true,
    } as BulkEditWire;
    answer('GET', '/api/facts/bulk-edit/5/', batch);
    renderInApp(<BulkEditPage />, { language: 'fa', path: '/bulk-edit?batch=5' });
    const view = await screen.findByTestId('bulk-batch', undefined, { timeout: 10_000 });
    // The section's code and texts load after the batch.
    await waitFor(
      () =>
        expect(within(view).getByRole('heading', { level: 2 }).textContent).toBe(
          'اطلاعات اصلی: درجه هتل و ساعت تحویل اتاق',
        ),
      { timeout: 10_000 },
    );
    expect(within(view).getByTestId('bulk-state').textContent).toBe('انجام شد');
    expect(within(view).getByRole('button', { name: 'بازگردانی این ویرایش گروهی' })).toBeTruthy();
    // Finished: the counts that are not zero.
    expect(within(view).getByTestId('bulk-summary').textContent).toBe('۱ تغییر کرد · ۱ از قبل یکسان بود');
    const sol = view.querySelector<HTMLElement>('[data-property-id="1"]')!;
    await waitFor(() => expect(sol.textContent).toContain('درجه هتل: ۴ ستاره → ۵ ستاره'), { timeout: 10_000 });
    expect(sol.textContent).toContain('ساعت تحویل اتاق: — → 14:00');
    expect(sol.textContent).toContain('مالیات › مالیات: هزینه: رایگان → با هزینه اضافی');
    expect(sol.textContent).toContain('تغییر کرد');
    expect(latinWords(view.textContent ?? '', ['Sol Playa', 'Casa Mar'])).toEqual([]);
  });

  it('says beside Apply that a preview comes first', async () => {
    renderInApp(<BulkEditPage />, { path: '/bulk-edit' });
    const apply = await screen.findByRole('button', { name: 'Apply to 0 properties' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    const hint = document.getElementById(apply.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Preview first: Apply changes only what the preview shows.');
  });

  it('shows an undone batch as restored: the value each row got back, and only the counts that happened', async () => {
    const item = (property: number, from: string | null) => ({
      property,
      hotel_name: `Hotel ${property}`,
      outcome: 'undone' as const,
      changes: [{ field: 'check_in_time', label: 'Check-in time', from, to: '14:00' }],
      message: null,
    });
    const batch = {
      id: 6,
      state: 'undone',
      section: 'main-info',
      title: 'Main info',
      fields: [{ field: 'check_in_time', label: 'Check-in time' }],
      values: { check_in_time: '14:00' },
      total: 3,
      done: 3,
      counts: { applied: 0, same: 0, failed: 0, undone: 3, kept: 0 },
      items: [item(1, null), item(2, '15:00'), item(3, null)],
      created_at: '2026-11-20T10:00:00Z',
      created_by: 'owner@example.com',
      finished_at: '2026-11-20T10:00:05Z',
      undone_at: '2026-11-20T10:01:00Z',
      error: null,
      can_undo: false,
    } satisfies BulkEditWire;
    answer('GET', '/api/facts/bulk-edit/6/', batch);
    renderInApp(<BulkEditPage />, { path: '/bulk-edit?batch=6' });
    const view = await screen.findByTestId('bulk-batch', undefined, { timeout: 10_000 });
    expect(within(view).getByTestId('bulk-summary').textContent).toBe('3 restored');
    const second = view.querySelector<HTMLElement>('[data-property-id="2"]')!;
    await waitFor(() => expect(second.textContent).toContain('Check-in time: 14:00 → 15:00'));
    expect(second.textContent).toContain('Restored');
    expect(view.querySelector<HTMLElement>('[data-property-id="1"]')!.textContent).toContain(
      'Check-in time: 14:00 → —',
    );
  });
});
