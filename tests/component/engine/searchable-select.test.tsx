import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentController } from '../../../src/client/engine/data/document-controller';
import { ListController } from '../../../src/client/engine/data/list-controller';
import type { SectionHttp } from '../../../src/client/engine/data/section-api';
import { useOptionLabelsState } from '../../../src/client/engine/data/use-option-labels';
import { LabelsContext } from '../../../src/client/engine/form/engine-context';
import { DocumentSection } from '../../../src/client/engine/views/document-section';
import { ListSection } from '../../../src/client/engine/views/list-section';
import type { Language } from '../../../src/shared/i18n/languages';
import { answerOptions } from '../options';
import { renderInApp } from '../render';
import { savedSection, sectionEntry } from './section-http';

/**
 * Issue 38 §2: an option list longer than 15 (the room type has about 150) is a field to type in,
 * in every engine form; a short list stays the plain menu; a unit beside its distance shows "Unit"
 * (its whole title was cut) and keeps its title as its name.
 */

/** A list section with the option lists the editor's tab gives it (pages/facts/tab-content.tsx), once they are there. */
function RoomsTab({ controller }: { controller: ListController }) {
  const { labels, status } = useOptionLabelsState();
  if (status !== 'ready') return null;
  return (
    <LabelsContext.Provider value={labels}>
      <ListSection controller={controller} />
    </LabelsContext.Provider>
  );
}

/** The rooms list as the rooms tab shows it, empty; what a save sends is recorded. */
function openRooms(language?: Language) {
  answerOptions();
  const sent: unknown[] = [];
  const http: SectionHttp = {
    async call(method, _template, _param, body) {
      if (method === 'GET') return [];
      sent.push(body);
      return (body as Record<string, unknown>[]).map((row, i) => ({ ...row, id: i + 1 }));
    },
  };
  const controller = new ListController(sectionEntry('room'), 7, http);
  const view = renderInApp(<RoomsTab controller={controller} />, { language });
  return { ...view, controller, sent };
}

describe('a long option list', () => {
  it('is searched by typing: the room type picked by typing is the option’s value that is saved', async () => {
    const { user, controller, sent } = openRooms();
    await user.click(await screen.findByRole('button', { name: 'Add room' }, { timeout: 10_000 }));
    const editor = screen.getByTestId('row-editor');
    await user.type(within(editor).getByRole('textbox', { name: 'Room name' }), 'Garden flat');

    const roomType = within(editor).getByRole('combobox', { name: 'Room type' });
    // A text field (not a menu button), still required and named by its label.
    expect(roomType.tagName).toBe('INPUT');
    expect(roomType).toHaveProperty('required', true);
    await user.type(roomType, '(2 b');
    const offered = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    // Only the matches (of 148), the closest first.
    expect(offered[0]).toBe('apartment (2 bedrooms)');
    expect(offered.length).toBeLessThan(10);
    expect(offered.every((label) => label?.includes('(2 b'))).toBe(true);
    // Enter takes the highlighted (first) match.
    await user.keyboard('{Enter}');
    expect(roomType).toHaveProperty('value', 'apartment (2 bedrooms)');

    // The view (27 choices) by keyboard alone: type, arrow down to the second match, Enter.
    const view = within(editor).getByRole('combobox', { name: 'View' });
    await user.click(view);
    await user.type(view, 'sea');
    const seas = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(seas.length).toBeGreaterThan(1);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(view).toHaveProperty('value', seas[1]);

    expect(await controller.save()).toBe('saved');
    const rows = sent.at(-1) as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({ room_name: 'Garden flat', room_name_type: 'apartment(2 bedroom)' });
    expect(typeof rows[0]!.room_view).toBe('string');
  }, 60_000);

  it('clearing the text clears the choice, and a required one says so on save', async () => {
    const { user, controller } = openRooms();
    await user.click(await screen.findByRole('button', { name: 'Add room' }, { timeout: 10_000 }));
    const editor = screen.getByTestId('row-editor');
    const roomType = within(editor).getByRole('combobox', { name: 'Room type' });
    await user.type(roomType, 'apartment{Enter}');
    expect(roomType).toHaveProperty('value', 'apartment');
    await user.clear(roomType);
    await user.tab();
    expect(roomType).toHaveProperty('value', '');
    expect(await controller.save()).not.toBe('saved');
    await waitFor(() => expect(roomType.getAttribute('aria-invalid')).toBe('true'));
    const described = roomType.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described.split(' ').find((d) => d.endsWith('__error')) ?? '')?.textContent).toBe(
      'room type required',
    );
  }, 60_000);

  it('searches the translated labels in Persian', async () => {
    const { user, controller } = openRooms('fa');
    await user.click(await screen.findByRole('button', { name: 'افزودن اتاق' }, { timeout: 10_000 }));
    const editor = screen.getByTestId('row-editor');
    const roomType = await within(editor).findByRole('combobox', { name: 'نوع اتاق' }, { timeout: 10_000 });
    await user.type(roomType, 'آپارتمان');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]!.textContent).toBe('آپارتمان');
    await user.keyboard('{Enter}');
    expect(roomType).toHaveProperty('value', 'آپارتمان');
    // The stored value stays the option's value, not the Persian label.
    expect(Object.values(controller.getState().rows[0]!.store.get())).toContain('apartment');
  }, 60_000);
});

describe('a short option list', () => {
  it('stays the plain menu with its "Not set" entry', async () => {
    const { user } = openRooms();
    await user.click(await screen.findByRole('button', { name: 'Add room' }, { timeout: 10_000 }));
    const editor = screen.getByTestId('row-editor');
    const bathroom = await within(editor).findByRole('combobox', { name: 'Bathroom type' }, { timeout: 10_000 });
    expect(bathroom.tagName).not.toBe('INPUT');
    await user.click(bathroom);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options[0]!.textContent).toBe('Not set');
    expect(options.length).toBeLessThanOrEqual(16);
  });
});

describe('a unit beside its distance', () => {
  it('shows "Unit" and keeps its title as its name', async () => {
    const server = savedSection();
    const controller = new DocumentController(sectionEntry('location'), 7, server.http);
    answerOptions();
    const view = renderInApp(<DocumentSection controller={controller} heading />);
    await waitFor(() => expect(view.container.querySelector('[data-field="distanceToAirport"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    const cell = view.container.querySelector<HTMLElement>('[data-field="distanceToAirport"]')!;
    const unit = within(cell).getByRole('combobox', { name: 'Distance to the airport: unit' });
    expect(document.getElementById(`${unit.getAttribute('aria-labelledby')?.split(' ')[0]}`)?.textContent).toContain(
      'Unit',
    );
    // Shown on the field (and in its outline's notch), hidden from the name it would shorten.
    expect(within(cell).getAllByText('Unit')[0]!.getAttribute('aria-hidden')).toBe('true');
  });
});
