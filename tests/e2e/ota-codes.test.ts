/**
 * OTA code limits and hotel content, as a tour operator meets them (issue 28 §1, §2): the mapping
 * page names the codes saved before OTA's 16-character limit, marks a room code typed too long,
 * the save is refused at the field until they fit, then saved; the partner API's OTA hotel
 * content carries the codes, and /api-integrations shows the call to copy.
 */
import { describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { filledDocument } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { assertValidOta } from '../helpers/ota.js';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);

async function ok(p: Promise<{ status: number; body: unknown }>, status = 200): Promise<Record<string, unknown>> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as Record<string, unknown>;
}

describe.skipIf(!hasBrowser())('OTA codes and hotel content, as an operator', () => {
  const stage = useStage();

  it('names codes longer than OTA allows, refuses them at the field, saves once they fit; the OTA content carries them', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Sol Playa');
    for (const s of testSections().filter((x) => x.kind === 'document')) {
      await ok(
        apiCall(stage.portal, hotel.token, 'POST', url(s.routes.create!, hotel.propertyId), {
          ...filledDocument(registry.resolved(s.ref)),
          hotel: hotel.propertyId,
        }),
        201,
      );
    }
    const rooms = (
      await apiCall(stage.portal, hotel.token, 'POST', `/api/facts/rooms/update/${hotel.propertyId}/`, [
        { id: 0, room_name: 'Double Sea View', room_name_type: 'double room', room_view: 'Sea view' },
        { id: 0, room_name: 'Junior Suite', room_name_type: 'juniorsuite', room_view: 'Pool side' },
      ])
    ).body as { id: number }[];
    await ok(apiCall(stage.portal, hotel.token, 'POST', `/api/facts/property/${hotel.propertyId}/publish/create/`));
    const operatorUser = await createUser(stage.portal, { accountType: 'to', firstName: 'Olga' });
    const operator = await signInApi(stage.portal, operatorUser.email);
    const contract = await ok(
      apiCall(stage.portal, hotel.token, 'POST', '/api/partners/contract/create/', { partner: operatorUser.id }),
      201,
    );
    await ok(apiCall(stage.portal, operator, 'PUT', `/api/partners/contract/edit/${contract.id}/`, { status: 'A' }));
    await ok(
      apiCall(stage.portal, operator, 'POST', '/api/tour-operator/mapping/hotel/create/', {
        hotel: hotel.propertyId,
        override_code: 'SOL-P',
        rooms: [{ room: rooms[0]!.id, override_code: 'DBL' }],
      }),
      201,
    );
    // Codes saved before the limit (as an earlier version allowed): longer than 16 characters.
    const db = stage.portal.services.db.kysely;
    await db
      .updateTable('hotel_mappings')
      .set({ override_code: 'SOL-PLAYA-PALMA-BEACH' })
      .where('property_id', '=', hotel.propertyId)
      .execute();
    await db
      .updateTable('room_mappings')
      .set({ override_code: 'DOUBLE-SEA-VIEW-DELUXE' })
      .where('room_id', '=', rooms[0]!.id)
      .execute();

    const o = await stage.page();
    await signInAs(o.page, operatorUser.email);
    await o.page.goto(`/datamapping/${hotel.propertyId}`);
    await o.page.getByRole('heading', { name: 'Codes for Hotel Sol Playa' }).waitFor();
    const alert = o.page.getByRole('alert', { name: 'Codes too long' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(
      'Longer than the 16 characters OTA messages carry: hotel code SOL-PLAYA-PALMA-BEACH, Double Sea View (DOUBLE-SEA-VIEW-DELUXE)',
    );
    const roomCode = o.page.getByRole('textbox', { name: 'Room code of Double Sea View' });
    await o.page.locator('[data-room="Double Sea View"]').getByText('At most 16 characters').waitFor();

    // The hotel code fixed; the room code still too long: the server refuses it at the room.
    await o.page.getByRole('textbox', { name: 'Hotel code' }).fill('SOL-P');
    await o.page.getByRole('button', { name: 'Save mapping' }).click();
    await o.page
      .locator('[data-room="Double Sea View"]')
      .getByText(
        'At most 16 characters: OTA messages carry hotel and room codes (HotelCode, InvCode) of 1 to 16 characters.',
      )
      .waitFor();
    // Typed too long, marked at once; then fitting, saved.
    await roomCode.fill('DBL-SEA-VIEW-DELUXE');
    await o.page.locator('[data-room="Double Sea View"]').getByText('At most 16 characters').waitFor();
    await roomCode.fill('DBL-SV-DELUXE');
    await o.page.getByRole('button', { name: 'Save mapping' }).click();
    await o.page.getByText('Mapping saved.').waitFor();
    await o.page.reload();
    await expect(roomCode.inputValue()).resolves.toBe('DBL-SV-DELUXE');
    expect(await o.page.getByRole('alert', { name: 'Codes too long' }).count()).toBe(0);

    // The OTA hotel content with a key of the operator's.
    const whitelist = await ok(
      apiCall(stage.portal, operator, 'POST', '/api/settings/whitelist/create/', {
        name: 'Here',
        domain: '127.0.0.1, ::1',
      }),
      201,
    );
    const key = await ok(
      apiCall(stage.portal, operator, 'POST', '/api/settings/api-key/create/', {
        title: 'Channel manager',
        fact_sheet: true,
        stop_sale: true,
        hotel_photos: true,
        domain: whitelist.id,
      }),
      201,
    );
    const res = await fetch(`${stage.portal.url}/api/v1/properties/${hotel.propertyId}/facts/ota/`, {
      headers: { 'x-api-key': String(key.token), 'accept-language': 'es' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('es');
    const xml = await res.text();
    assertValidOta('OTA_HotelDescriptiveInfoRS', xml);
    expect(xml).toContain('HotelCode="SOL-P"');
    expect(xml).toContain('RoomTypeCode="DBL-SV-DELUXE"');

    await o.page.goto('/api-integrations');
    await o.page
      .getByRole('button', { name: 'Copy: Its facts as OTA_HotelDescriptiveInfoRS XML, in Spanish' })
      .waitFor();
    expect(await o.page.getByText('/facts/ota/').first().innerText()).toContain('Accept-Language: es');
    expect(portalOutput(o.problems)).toEqual([]);
    await o.context.close();
  });
});
