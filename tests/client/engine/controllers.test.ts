import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../src/client/api/errors';
import { DocumentController } from '../../../src/client/engine/data/document-controller';
import { ListController } from '../../../src/client/engine/data/list-controller';
import type { SectionHttp } from '../../../src/client/engine/data/section-api';
import { fillPath } from '../../../src/client/engine/data/section-api';
import room from '../../../src/shared/generated/sections/room';
import type { SectionEntry } from '../../../src/shared/section-types';
import { entry } from './fixtures';

type Handler = (body: unknown) => unknown;

/** A fake server: answers by "METHOD path", records every call. */
function fakeHttp(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const http: SectionHttp = {
    async call(method, template, param, body) {
      const path = fillPath(template, param);
      calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      if (!handler) throw new ApiFailure(404, { detail: 'Not found.' });
      return handler(body);
    },
  };
  return { http, calls };
}

describe('document section', () => {
  it('creates a section that does not exist yet, then updates it with the version read', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/facts/demo/7/': () => ({ hotel: 7 }),
      'POST /api/facts/demo/create/': (b) => ({ ...(b as object), id: 7, version: 1 }),
      'PUT /api/facts/demo/update/7/': (b) => ({ ...(b as object), version: 2 }),
    });
    const c = new DocumentController(entry, 7, http);
    await c.load();
    expect(c.store.get()).toMatchObject({ hotel: 7, boards: [], tax: {}, gymSize: 0 });
    expect(await c.save()).toBe('unchanged');
    c.store.set(['petsAllowed'], true);
    expect(c.isDirty()).toBe(true);
    expect(await c.save()).toBe('saved');
    expect(calls[1]).toMatchObject({
      method: 'POST',
      path: '/api/facts/demo/create/',
      body: { hotel: 7, pets_allowed: true },
    });
    expect(calls[1]!.body).not.toHaveProperty('version');
    expect(c.isDirty()).toBe(false);
    c.store.set(['name'], 'Playa');
    expect(await c.save()).toBe('saved');
    expect(calls[2]).toMatchObject({
      method: 'PUT',
      path: '/api/facts/demo/update/7/',
      body: { version: 1, name: 'Playa' },
    });
    expect(c.store.get().version).toBe(2);
  });

  it('the Save button creates an untouched section; switching tabs does not', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/facts/demo/7/': () => ({ hotel: 7 }),
      'POST /api/facts/demo/create/': (b) => ({ ...(b as object), id: 7, version: 1 }),
    });
    const c = new DocumentController(entry, 7, http);
    await c.load();
    expect(await c.save()).toBe('unchanged');
    expect(await c.save(true)).toBe('saved');
    expect(calls.map((x) => x.method)).toEqual(['GET', 'POST']);
  });

  it('sends hidden dependents as null', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/facts/demo/7/': () => ({ id: 7, hotel: 7, version: 3, pets_allowed: true, petsCharges: 'Inclusive' }),
      'PUT /api/facts/demo/update/7/': (b) => ({ ...(b as object), version: 4 }),
    });
    const c = new DocumentController(entry, 7, http);
    await c.load();
    c.store.set(['petsAllowed'], false);
    await c.save();
    expect(calls[1]!.body).toMatchObject({ pets_allowed: false, petsCharges: null, version: 3 });
  });

  it('refuses what its validator refuses, with the message at the field and above the section', async () => {
    const { http, calls } = fakeHttp({ 'GET /api/facts/demo/7/': () => ({ hotel: 7 }) });
    const c = new DocumentController(entry, 7, http);
    await c.load();
    c.store.set(['name'], 'bad');
    expect(await c.save()).toBe('invalid');
    expect(calls).toHaveLength(1);
    expect(c.store.errorsAt('name')).toEqual(['This field may not be blank.']);
    expect(c.store.top()[1]).toBe('Name: This field may not be blank.');
    expect(c.errorTotal()).toBeGreaterThan(0);
  });

  it('shows a server 400 at its field', async () => {
    const { http } = fakeHttp({
      'GET /api/facts/demo/7/': () => ({ id: 7, hotel: 7, version: 1 }),
      'PUT /api/facts/demo/update/7/': () => {
        throw new ApiFailure(400, { tax: { tax_charges: ['Not a valid choice.'] } });
      },
    });
    const c = new DocumentController(entry, 7, http);
    await c.load();
    c.store.set(['name'], 'x');
    expect(await c.save()).toBe('invalid');
    expect(c.store.errorsAt('tax.taxCharges')).toEqual(['Not a valid choice.']);
    expect(c.store.top()).toEqual(['Tax: charges: Not a valid choice.']);
  });

  it('on a 409 says who changed it; keeping mine saves with the current version, reloading takes theirs', async () => {
    let version = 5;
    const { http, calls } = fakeHttp({
      'GET /api/facts/demo/7/': () => ({ id: 7, hotel: 7, version, name: 'theirs' }),
      'PUT /api/facts/demo/update/7/': (b) => {
        const body = b as { version: number };
        if (body.version !== version)
          throw new ApiFailure(409, {
            detail: 'stale',
            current_version: version,
            updated_at: '2026-05-01T10:00:00Z',
            updated_by: { id: 2, name: 'Ana', email: 'ana@example.com' },
          });
        version += 1;
        return { ...body, version };
      },
    });
    const c = new DocumentController(entry, 7, http);
    await c.load();
    version = 6;
    c.store.set(['name'], 'mine');
    expect(await c.save()).toBe('conflict');
    expect(c.getState().conflict).toMatchObject({ currentVersion: 6, updatedBy: { name: 'Ana' } });
    expect(await c.resolveConflict('keep')).toBe('saved');
    expect(calls.at(-1)!.body).toMatchObject({ version: 6, name: 'mine' });
    version = 9;
    c.store.set(['name'], 'again');
    expect(await c.save()).toBe('conflict');
    await c.resolveConflict('reload');
    expect(c.store.get()).toMatchObject({ name: 'theirs', version: 9 });
    expect(c.isDirty()).toBe(false);
  });

  it('a load failure leaves the section empty and flagged', async () => {
    const { http } = fakeHttp({});
    const c = new DocumentController(entry, 7, http);
    await c.load();
    expect(c.getState()).toMatchObject({ phase: 'ready', loadFailed: true });
    expect(c.store.get()).toMatchObject({ hotel: 7, boards: [] });
  });

  it('read-only never saves', async () => {
    const { http, calls } = fakeHttp({ 'GET /api/facts/demo/7/': () => ({ hotel: 7 }) });
    const c = new DocumentController(entry, 7, http, true);
    await c.load();
    c.store.set(['name'], 'x');
    expect(await c.save()).toBe('readonly');
    expect(calls).toHaveLength(1);
  });
});

const roomEntry: SectionEntry = { ...room, load: () => Promise.resolve(room) };
const stored = (id: number, name: string) => ({
  id,
  hotel: 7,
  room_name: name,
  room_name_type: 'apartment',
  room_view: 'Sea view',
  room_allowed_infant_count: 1,
});

describe('rooms list', () => {
  it('adds blank rooms with id 0, names the unnamed one exactly, saves all together without isSelected', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/facts/rooms/7/': () => [stored(1, 'A')],
      'POST /api/facts/rooms/update/7/': (b) =>
        (b as Record<string, unknown>[]).map((r, i) => ({ ...r, id: Number(r.id) || 100 + i })),
    });
    const c = new ListController(roomEntry, 7, http);
    await c.load();
    const a = c.add();
    const b = c.add();
    expect(a.store.get().id).toBe(0);
    expect(c.getState().open).toBe(b.uid);
    a.store.set(['roomName'], 'Suite');
    a.store.set(['roomNameType'], 'apartment');
    a.store.set(['roomView'], 'Mountain view');
    c.getState().rows[0]!.store.set(['isSelected'], true);
    expect(await c.save()).toBe('invalid');
    expect(c.meta.top()).toEqual(['Room (3): room name required - room type required - room view required']);
    expect(b.store.errorsAt('roomName')).toEqual(['room name required']);
    b.store.set(['roomName'], 'Family');
    b.store.set(['roomNameType'], 'apartment');
    b.store.set(['roomView'], 'Pool side');
    expect(await c.save()).toBe('saved');
    const sent = calls.at(-1)!.body as Record<string, unknown>[];
    expect(sent.map((r) => r.id)).toEqual([1, 0, 0]);
    expect(sent[0]).not.toHaveProperty('isSelected');
    expect(sent[0]).toMatchObject({ room_allowed_infant_count: 1, hotel: 7 });
    expect(c.getState().rows.map((r) => r.store.get().id)).toEqual([1, 101, 102]);
    expect(c.getState().rows[0]!.store.get().isSelected).toBe(true);
    expect(c.isDirty()).toBe(false);
  });

  it('deletes a stored room at once and on the server; a new one only locally', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/facts/rooms/7/': () => [stored(1, 'A'), stored(2, 'B')],
      'DELETE /api/facts/rooms/delete/2/': () => null,
    });
    const c = new ListController(roomEntry, 7, http);
    await c.load();
    const blank = c.add();
    const pending = c.remove(c.getState().rows[1]!.uid);
    expect(c.getState().rows).toHaveLength(2);
    await pending;
    await c.remove(blank.uid);
    expect(calls.filter((x) => x.method === 'DELETE').map((x) => x.path)).toEqual(['/api/facts/rooms/delete/2/']);
    expect(c.getState().rows.map((r) => r.store.get().roomName)).toEqual(['A']);
    expect(c.isDirty()).toBe(false);
  });

  it('puts a room back when the server refuses to delete it', async () => {
    const { http } = fakeHttp({ 'GET /api/facts/rooms/7/': () => [stored(1, 'A'), stored(2, 'B')] });
    const c = new ListController(roomEntry, 7, http);
    await c.load();
    await c.remove(c.getState().rows[0]!.uid);
    expect(c.getState().rows.map((r) => r.store.get().roomName)).toEqual(['A', 'B']);
    expect(c.meta.top()).toEqual(['Not found.']);
  });

  it('copies shared features to the selected rooms only', async () => {
    const { http } = fakeHttp({ 'GET /api/facts/rooms/7/': () => [stored(1, 'A'), stored(2, 'B'), stored(3, 'C')] });
    const c = new ListController(roomEntry, 7, http);
    await c.load();
    const [a, b, cc] = c.getState().rows;
    a!.store.set(['roomFeatures'], ['Balcony']);
    b!.store.set(['isSelected'], true);
    expect(c.copyToSelected(a!, ['roomFeatures'])).toBe(1);
    expect(b!.store.get().roomFeatures).toEqual(['Balcony']);
    expect(cc!.store.get().roomFeatures).toEqual([]);
  });

  it('rejects a save answer that is not a list', async () => {
    const { http } = fakeHttp({
      'GET /api/facts/rooms/7/': () => [stored(1, 'A')],
      'POST /api/facts/rooms/update/7/': () => ({}),
    });
    const c = new ListController(roomEntry, 7, http);
    await c.load();
    c.getState().rows[0]!.store.set(['roomName'], 'B');
    expect(await c.save()).toBe('failed');
    expect(c.meta.top()).toEqual(['Invalid response data format']);
  });
});
