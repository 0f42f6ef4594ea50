import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentController } from '../../../src/client/engine/data/document-controller';
import { LANGUAGE_KEY } from '../../../src/client/i18n/chosen-language';
import { DocumentSection } from '../../../src/client/engine/views/document-section';
import { answer } from '../fake-server';
import { renderInApp } from '../render';
import { savedSection, sectionEntry } from './section-http';

/**
 * A fact section as the editor's tab shows it (the engine's rjsf form, its cards and widgets),
 * driven as a person does; what a save sends is read off the section's server. Saving and
 * storing through the real server: tests/e2e/facts-behaviour.test.ts and tests/server/facts.
 */
function openSection(key: string, stored?: Record<string, unknown>) {
  const server = savedSection(stored);
  const controller = new DocumentController(sectionEntry(key), 7, server.http);
  const view = renderInApp(<DocumentSection controller={controller} heading />);
  // The section's region shares its name with its first card: found by its key, as the editor marks it.
  const section = () => view.container.querySelector<HTMLElement>(`[data-section="${key}"]`)!;
  return { ...view, controller, server, section, mounted: () => everyCard(view.container) };
}

/** Loaded, and every card mounted (those below the first screenful mount one by one after it). */
async function everyCard(container: HTMLElement): Promise<void> {
  await waitFor(
    () => {
      expect(container.querySelector('[data-group]')).not.toBeNull();
      expect(container.querySelectorAll('[role="progressbar"], [data-pending-group]')).toHaveLength(0);
    },
    { timeout: 10_000 },
  );
}

const group = (scope: HTMLElement, name: string) => within(scope).getByRole('group', { name });
const hasGroup = (scope: HTMLElement, name: string) => within(scope).queryByRole('group', { name }) !== null;

describe('a document section', () => {
  it('shows dependents as their flag changes and sends them as null once it is off', async () => {
    answer('GET', '/api/external/currency/', [{ code: 'EUR', name: 'Euro' }]);
    const { user, controller, server, section, mounted } = openSection('main-info');
    await mounted();
    const pets = group(section(), 'Pets allowed');
    expect(hasGroup(section(), 'Pets: charges')).toBe(false);
    await user.click(within(pets).getByRole('button', { name: 'Yes' }));
    await user.click(within(group(section(), 'Pets: charges')).getByRole('button', { name: 'Additional Charge' }));
    await user.type(within(section()).getByRole('textbox', { name: 'Pets: cost per day' }), '12.5');
    await user.type(within(section()).getByRole('combobox', { name: 'Pets: currency' }), 'EUR');
    await user.click(await screen.findByRole('option', { name: /^EUR\b/ }));
    // A nested group (tax) and its own dependents.
    await user.click(within(group(section(), 'Tax applicable')).getByRole('button', { name: 'Yes' }));
    await user.click(within(group(section(), 'Tax: charges')).getByRole('button', { name: 'Inclusive' }));
    expect(await controller.save()).toBe('saved');
    expect(server.last()).toMatchObject({
      pets_allowed: true,
      pets_charges: 'Additional Charge',
      pets_price: 12.5,
      pets_currency: 'EUR',
      tax: { tax_applicable: true, tax_charges: 'Inclusive' },
    });

    await user.click(within(group(section(), 'Pets allowed')).getByRole('button', { name: 'No' }));
    await user.click(within(group(section(), 'Tax applicable')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(hasGroup(section(), 'Pets: charges')).toBe(false));
    expect(within(section()).queryByRole('textbox', { name: 'Pets: cost per day' })).toBeNull();
    expect(hasGroup(section(), 'Tax: charges')).toBe(false);
    expect(await controller.save()).toBe('saved');
    expect(server.last()).toMatchObject({
      pets_allowed: false,
      pets_charges: null,
      pets_price: null,
      pets_currency: null,
      tax: { tax_applicable: false, tax_charges: null },
    });
  });

  it('a card is a form that never submits: Enter and a submit keep what was typed', async () => {
    const { user, section, mounted } = openSection('main-info');
    await mounted();
    const zip = within(section()).getByRole('textbox', { name: 'Zip code' });
    await user.type(zip, '07001');
    // A submission the card let through would load the form's action (a reload of the page).
    const submits: boolean[] = [];
    const watch = (event: Event) => submits.push(event.defaultPrevented);
    document.addEventListener('submit', watch);
    try {
      await user.type(zip, '{Enter}');
      const form = (zip as HTMLInputElement).form;
      expect(form).not.toBeNull();
      form!.requestSubmit();
    } finally {
      document.removeEventListener('submit', watch);
    }
    expect(submits.length).toBeGreaterThan(0);
    expect(submits.every(Boolean)).toBe(true);
    expect(within(section()).getByRole('textbox', { name: 'Zip code' })).toHaveProperty('value', '07001');
  });

  it('dense tables: a group flag shows its table, a row flag its charges and details; folding keeps values', async () => {
    const { user, controller, server, section, mounted } = openSection('sports-wellness');
    await mounted();
    expect(within(section()).queryByRole('table', { name: 'Sports & fitness' })).toBeNull();
    await user.click(within(group(section(), 'Sports & fitness activities')).getByRole('button', { name: 'Yes' }));
    const table = () => within(section()).getByRole('table', { name: 'Sports & fitness' });
    await user.click(within(table()).getByRole('checkbox', { name: 'Fitness centre' }));
    await user.selectOptions(within(table()).getByRole('combobox', { name: 'Fitness centre: charges' }), 'Inclusive');
    await user.type(within(table()).getAllByRole('textbox', { name: 'Size (sqm)' })[0]!, '120');
    await user.click(within(table()).getByRole('checkbox', { name: 'Fitness centre: offered by local supplier(s)' }));
    await user.click(within(section()).getByRole('button', { name: 'Collapse Sports & fitness' }));
    expect(within(section()).queryByRole('table', { name: 'Sports & fitness' })).toBeNull();
    await user.click(within(section()).getByRole('button', { name: 'Expand Sports & fitness' }));
    expect(within(table()).getByRole('checkbox', { name: 'Fitness centre' })).toHaveProperty('checked', true);
    expect(await controller.save()).toBe('saved');
    expect(server.last()).toMatchObject({
      sports_available: true,
      fitness_centre_available: true,
      fitness_centre_charges: 'Inclusive',
      fitness_centre_size: 120,
      fitness_centre_local_supplier: true,
    });
    await user.click(within(table()).getByRole('checkbox', { name: 'Fitness centre' }));
    await waitFor(() =>
      expect(within(table()).queryByRole('combobox', { name: 'Fitness centre: charges' })).toBeNull(),
    );
    expect(await controller.save()).toBe('saved');
    expect(server.last()).toMatchObject({
      fitness_centre_available: false,
      fitness_centre_charges: null,
      fitness_centre_size: null,
      fitness_centre_local_supplier: null,
    });
  });

  it('a seasonal range: its dates show with the season flag and are sent as dates', async () => {
    const { user, controller, server, section, mounted } = openSection('entertainment');
    await mounted();
    await user.click(within(group(section(), 'Evening entertainment')).getByRole('button', { name: 'Yes' }));
    await user.click(within(group(section(), 'Evening entertainment: seasonal')).getByRole('button', { name: 'Yes' }));
    await user.type(
      within(section()).getByLabelText('Evening entertainment: season from', { exact: true }),
      '2026-06-01',
    );
    await user.type(
      within(section()).getByLabelText('Evening entertainment: season to', { exact: true }),
      '2026-09-30',
    );
    expect(await controller.save()).toBe('saved');
    expect(server.last()).toMatchObject({
      evening_entertainment_from: '2026-06-01',
      evening_entertainment_to: '2026-09-30',
    });
  });
});

describe('a document section in Russian', () => {
  it('says what is wrong in Russian, at the field and in the list above, fields named as the form names them', async () => {
    // The signed-out choice stored in this browser: the interface (and its checks) speak Russian.
    window.localStorage.setItem(LANGUAGE_KEY, 'ru');
    try {
      const { user, controller, section, mounted } = openSection('main-info');
      await mounted();
      // The Russian field names come with the schemas' catalogue, fetched apart from the interface's words.
      const latitude = await within(section()).findByRole('textbox', { name: 'Широта' });
      await user.type(latitude, '100');
      await user.type(within(section()).getByRole('textbox', { name: 'Телефон' }), 'abc');
      expect(await controller.save()).toBe('invalid');
      const summary = within(section()).getByTestId('section-errors');
      expect(
        within(summary)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'Проверьте некоторые поля:',
        // Every line names its field (issue 38: "Enter a valid phone number." alone did not say which).
        'Телефон: Введите правильный номер телефона.',
        'Широта: Значение должно быть не больше 90.',
      ]);
      const said = latitude.getAttribute('aria-describedby');
      expect(said && document.getElementById(said)?.textContent).toBe('Значение должно быть не больше 90.');
    } finally {
      window.localStorage.removeItem(LANGUAGE_KEY);
    }
  });
});
