import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { notify } from '../../../src/server/features/notifications/store.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`notifications, announcement, what's new (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('lists my notifications newest first, marks read, dismisses, and clears all', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      await notify(t.services, a.id, { type: 'partnership', message: () => 'First', link: '/partners' });
      t.clock.advance(1000);
      await notify(t.services, a.id, { type: 'facts', message: () => 'Second', extraId: 7 });
      await notify(t.services, b.id, { type: 'facts', message: () => 'For B' });
      const list = await t.api('GET', '/api/notification/', { token: a.token });
      expect(list.json().map((n: { message: string }) => n.message)).toEqual(['Second', 'First']);
      expect(list.json()[0]).toMatchObject({ is_read: false, extra_id: 7, notification_type: 'facts', user_id: a.id });
      const [second, first] = list.json() as { id: number }[];
      const bId = (await t.api('GET', '/api/notification/', { token: b.token })).json()[0].id as number;

      const edited = await t.api('PATCH', '/api/notification/edit/', {
        token: a.token,
        body: [
          { id: second!.id, action: 'read' },
          { id: first!.id, action: 'dismissed' },
          { id: bId, action: 'dismissed' },
        ],
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toHaveLength(1);
      expect(edited.json()[0]).toMatchObject({ id: second!.id, is_read: true });
      // Someone else's notification was neither touched nor revealed.
      expect((await t.api('GET', '/api/notification/', { token: b.token })).json()).toHaveLength(1);

      const bad = await t.api('PATCH', '/api/notification/edit/', {
        token: a.token,
        body: [{ id: second!.id, action: 'archive' }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().non_field_errors[0]).toBe('Notification action (1): Action: Not a valid choice.');

      expect((await t.api('POST', '/api/notification/delete/', { token: a.token })).statusCode).toBe(204);
      expect((await t.api('GET', '/api/notification/', { token: a.token })).json()).toEqual([]);
      expect((await t.api('GET', '/api/notification/')).statusCode).toBe(401);
    });

    it('serves the announcement, and null when there is none', async () => {
      const a = await signUp(t);
      expect((await t.api('GET', '/api/announce-app/', { token: a.token })).json()).toEqual({ message: null });
      await t.services.db.kysely
        .insertInto('announcements')
        .values({ message: 'Maintenance tonight', active: true, created_at: t.clock.now().toISOString() })
        .execute();
      expect((await t.api('GET', '/api/announce-app/', { token: a.token })).json()).toMatchObject({
        message: 'Maintenance tonight',
      });
    });

    it('lists feature updates newest first; only staff may publish one', async () => {
      const a = await signUp(t);
      const entry = {
        message_date: '2026-11-20',
        message_category: 'New',
        message_header: 'Gallery',
        message_body: 'Drag to reorder photos.',
      };
      expect(
        (await t.api('POST', '/api/external/post-features-updates/create/', { token: a.token, body: entry }))
          .statusCode,
      ).toBe(403);
      await t.services.db.kysely.updateTable('users').set({ is_staff: true }).where('id', '=', a.id).execute();
      const created = await t.api('POST', '/api/external/post-features-updates/create/', {
        token: a.token,
        body: entry,
      });
      expect(created.statusCode).toBe(201);
      await t.api('POST', '/api/external/post-features-updates/create/', {
        token: a.token,
        body: { ...entry, message_date: '2026-10-01', message_header: 'Older' },
      });
      const bad = await t.api('POST', '/api/external/post-features-updates/create/', {
        token: a.token,
        body: { ...entry, message_date: '20 Nov' },
      });
      expect(bad.json()).toEqual({ message_date: ['Enter a valid date (YYYY-MM-DD).'] });
      const list = await t.api('GET', '/api/external/features-updates/', { token: a.token });
      expect(list.json().map((f: { message_header: string }) => f.message_header)).toEqual(['Gallery', 'Older']);
    });
  });
}
