/**
 * Accessibility, as a hotel user and its tour operator meet it (issue 40 part 1): the hotel fills
 * the property's accessibility and a room type's own, saves both; the section shows the rooms'
 * counts and whether it has wheelchair-accessible rooms read-only (counted from the room types,
 * never typed); after publishing, the operator's
 * fact sheet shows the property's facts, the counts and the room's details.
 */
import { describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { filledDocument } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { hasBrowser } from './helpers/browser.js';
import { contractedOperator, ok } from './helpers/contracts.js';
import { apiCall, openTab, ownerWithProperty, saveTab } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import type { Locator } from 'playwright-core';

const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);

const yes = (scope: Locator, title: string) =>
  scope.getByRole('group', { name: title, exact: true }).getByRole('button', { name: 'Yes' }).click();

describe.skipIf(!hasBrowser())('accessibility, property and room level, to the operator', () => {
  const stage = useStage();

  it('fills and saves the property and a room type, shows the counted rooms read-only, and the operator sheet shows them', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Rampa');
    const property = hotel.propertyId;
    // Every other section filled (so the property can be published); accessibility left to the hotel.
    for (const s of testSections().filter((x) => x.kind === 'document' && x.key !== 'accessibility'))
      await ok(
        apiCall(stage.portal, hotel.token, 'POST', url(s.routes.create!, property), {
          ...filledDocument(registry.resolved(s.ref)),
          hotel: property,
        }),
        201,
      );
    await ok(
      apiCall(stage.portal, hotel.token, 'POST', `/api/facts/rooms/update/${property}/`, [
        { id: 0, room_name: 'Garden Double', room_name_type: 'double room', room_view: 'Pool side' },
        { id: 0, room_name: 'Sea Suite', room_name_type: 'juniorsuite', room_view: 'Sea view' },
      ]),
    );
    const { user: operatorUser } = await contractedOperator(stage.portal, hotel.token);

    const { context, page, problems } = await stage.signedInPage(hotel.email);
    // The property: step-free entrance, a lift with its door width, accessible parking.
    await openTab(page, property, 'accessibility');
    const access = page.locator('[data-section="accessibility"]');
    await yes(access, 'Step-free main entrance');
    await yes(access, 'Lift');
    await access.getByRole('textbox', { name: 'Lift: door width (cm)', exact: true }).fill('90');
    await yes(access, 'Accessible parking');
    await saveTab(page, 'Accessibility');

    // A room type: wheelchair-accessible, 3 of its units, with a roll-in shower and its bed height.
    await openTab(page, property, 'rooms');
    const rooms = page.locator('[data-section="room"]');
    await rooms.getByRole('button', { name: 'Edit Room (1)' }).click();
    const editor = rooms.getByTestId('row-editor');
    await yes(editor, 'Wheelchair-accessible');
    await editor
      .getByRole('textbox', { name: 'Wheelchair-accessible rooms of this type: number', exact: true })
      .fill('3');
    await yes(editor, 'Roll-in shower');
    await editor.getByRole('textbox', { name: 'Bed height (cm)', exact: true }).fill('48');
    await saveTab(page, 'Rooms');

    // Back on the section: the counts come from the room types, shown but not editable.
    await openTab(page, property, 'accessibility');
    const count = access.getByRole('textbox', { name: 'Wheelchair-accessible rooms: number', exact: true });
    await expect.poll(() => count.inputValue()).toBe('3');
    expect(await count.isEditable()).toBe(false);
    // The yes/no too: counted from the room types, shown but not answerable here.
    const answered = access.getByRole('group', { name: 'Wheelchair-accessible rooms', exact: true });
    await expect.poll(() => answered.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    expect(await answered.getByRole('button', { name: 'Yes' }).isDisabled()).toBe(true);
    const types = access.getByRole('textbox', { name: 'Rooms with a roll-in shower: room types', exact: true });
    await expect.poll(() => types.inputValue()).toBe('Garden Double');

    const stored = await ok(apiCall(stage.portal, hotel.token, 'GET', `/api/facts/accessibility/${property}/`));
    expect(stored).toMatchObject({
      access_step_free_entrance: true,
      access_lift: true,
      access_lift_door_width: 90,
      access_parking: true,
      access_rooms_count: 3,
      access_rooms_roll_in_shower_count: 3,
      access_rooms_roll_in_shower_types: 'Garden Double',
    });
    await ok(apiCall(stage.portal, hotel.token, 'POST', `/api/facts/property/${property}/publish/create/`));

    // The operator's fact sheet: the property's facts, the counted rooms and the room's details.
    const o = await stage.page();
    await signInAs(o.page, operatorUser.email);
    await o.page.goto(`/fact-sheet/${property}`);
    const sheet = o.page.getByTestId('fact-sheet');
    await sheet.getByRole('heading', { level: 1, name: 'Hotel Rampa' }).waitFor();
    const row = (title: string) => sheet.getByRole('row').filter({ hasText: title }).first();
    await row('Lift: door width (cm)').getByText('90').waitFor();
    await row('Wheelchair-accessible rooms: number').getByText('3', { exact: true }).waitFor();
    await row('Rooms with a roll-in shower: room types').getByText('Garden Double').waitFor();
    await sheet
      .getByText(/Bed height \(cm\): 48/)
      .first()
      .waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  }, 180_000);
});
