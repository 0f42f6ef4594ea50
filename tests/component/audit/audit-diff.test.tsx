import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeList } from '../../../src/client/engine/views/history-changes';
import { AuditTable } from '../../../src/client/pages/audit/audit-table';
import type { AuditPageWire } from '../../../src/shared/generated/wire-types';
import { answerOptions } from '../options';
import { renderInApp } from '../render';

/**
 * Recorded changes (the audit trail, a section's history) in the interface's language: the server
 * records each field's wire path and English title once; the screen names the field with the
 * section's translated titles (the same texts its form shows) and its values with the option
 * labels, in the language's digits. What the forms do not know stays as recorded.
 */

type AuditEvent = AuditPageWire['results'][number];

const event = (id: number, fields: Partial<AuditEvent>): AuditEvent => ({
  id,
  created_at: '2026-11-20T10:00:00Z',
  kind: 'facts',
  action: 'update',
  summary: 'Main info updated (version 2)',
  actor: 1,
  actor_email: 'owner@example.com',
  property: 7,
  subject: 'main-info',
  subject_id: null,
  ip: '203.0.113.7',
  changes: [],
  ...fields,
});

const lines = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('recorded changes in the interface’s language', () => {
  it('reads an audit trail’s fact changes in Persian: titles, option labels, yes/no, list rows', async () => {
    answerOptions();
    renderInApp(
      <AuditTable
        events={[
          event(1, {
            changes: [
              { field: 'rating', label: 'Rating', from: 4, to: 4.5 },
              { field: 'pets_allowed', label: 'Pets allowed', from: false, to: true },
              { field: 'tax.tax_charges', label: 'Tax › Tax: charges', from: null, to: 'Additional Charge' },
              { field: 'retired_field', label: 'Retired field', from: 'a', to: 'b' },
            ],
          }),
          event(2, {
            kind: 'rows',
            action: 'save',
            subject: 'room',
            summary: 'Room list saved (2)',
            changes: [
              { field: '12.room_name', label: 'Room 1 › Room name', from: 'Deluxe', to: 'Deluxe sea view' },
              { field: '13', label: 'Room removed', from: { room_name: 'Old' }, to: null },
            ],
          }),
          event(3, {
            kind: 'settings',
            subject: 'company',
            summary: 'Edited the company details',
            changes: [{ field: 'company', label: 'Company name', from: 'Ananas Hotels', to: 'Ananas Group' }],
          }),
          event(4, { kind: 'exports', subject: null, summary: 'Something new happened', changes: [] }),
        ]}
        kindLabel={(k) => k}
        propertyName={() => 'Sol Playa'}
      />,
      { language: 'fa' },
    );
    // The first render in a language waits for its catalogue, schema texts and the section's code.
    const [facts, rows, settings] = await screen.findAllByRole('list', { name: 'تغییرات' }, { timeout: 10_000 });
    await waitFor(() => expect(lines(facts!)[0]).toBe('درجه هتل: ۴ ستاره → ۴٫۵ ستاره'), { timeout: 10_000 });
    expect(lines(facts!).slice(1)).toEqual([
      'ورود حیوانات خانگی مجاز است: خیر → بله',
      'مالیات › مالیات: هزینه: — → با هزینه اضافی',
      // A field the section no longer has: its recorded title.
      'Retired field: a → b',
    ]);
    await waitFor(() => expect(lines(rows!)).toEqual(['اتاق ۱ › نام اتاق: Deluxe → Deluxe sea view', 'اتاق حذف شد']), {
      timeout: 10_000,
    });
    // A settings form's change: its schema texts' title.
    expect(lines(settings!)).toEqual(['نام شرکت: Ananas Hotels → Ananas Group']);
    // The summaries the server recorded in English, read back in the language; an unknown one as recorded.
    expect(screen.getAllByTestId('audit-summary').map((s) => s.textContent)).toEqual([
      'اطلاعات اصلی: به‌روزرسانی شد (نسخه ۲)',
      'اتاق: فهرست ذخیره شد (۲)',
      'مشخصات شرکت ویرایش شد',
      'Something new happened',
    ]);
  });

  it('reads a section’s history in Russian', async () => {
    answerOptions();
    renderInApp(
      <ChangeList
        section="main-info"
        changes={[
          { field: 'rating', label: 'Rating', from: 4, to: 5 },
          { field: 'check_in_time', label: 'Check-in time', from: '15:00', to: '14:00' },
        ]}
      />,
      { language: 'ru' },
    );
    const list = await screen.findByTestId('history-changes', undefined, { timeout: 10_000 });
    await waitFor(() => expect(lines(list)).toEqual(['Категория: 4 звезды → 5 звёзд', 'Время заезда: 15:00 → 14:00']), {
      timeout: 10_000,
    });
  });
});
