/**
 * tell(): the one way events reach people. Who hears an event (the owner, members with the
 * type's flag and, for the account's own property, allowed it; never the actor, never another
 * account), the told account's preferences (bell and mail apart), mail through the job queue,
 * bursts coalesced per recipient, type and property, and nothing at all when the change rolls back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bundle from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../../src/shared/bundle-types.js';
import { BURST_WINDOW_MS, NOTIFICATION_TYPES } from '../../../src/server/features/notifications/types.js';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { bell, emit } from '../../helpers/fixtures/notifications.js';

interface Team {
  owner: Account;
  /** properties flag, allowed the first property only */
  allowedFirst: Account;
  /** properties flag, allowed both */
  allowedBoth: Account;
  /** no properties flag, allowed both */
  noFlag: Account;
  properties: number[];
}

async function member(t: TestApp, owner: Account, flags: Record<string, unknown>): Promise<Account> {
  const m = await signUp(t, { manager: owner.id, managerToken: owner.token });
  const res = await t.api('POST', '/api/auth/permissions/create/', {
    token: owner.token,
    body: { user: m.id, ...flags },
  });
  expect(res.statusCode, res.body).toBe(201);
  return m;
}

async function team(t: TestApp): Promise<Team> {
  const owner = await signUp(t);
  const properties = [
    (await createProperty(t, owner.token, { hotel_name: 'Alpha' })).id,
    (await createProperty(t, owner.token, { hotel_name: 'Beta' })).id,
  ];
  return {
    owner,
    properties,
    allowedFirst: await member(t, owner, { properties: true, properties_allowed: [properties[0]] }),
    allowedBoth: await member(t, owner, { properties: true, properties_allowed: properties }),
    noFlag: await member(t, owner, { facts: true, properties_allowed: properties }),
  };
}

describe('notification types', () => {
  it('are listed once with their labels: every type the server tells has an option in notificationTypes', () => {
    const list = (bundle as unknown as SchemaBundle).options.find((o) => o.category === 'notificationTypes');
    const values = list!.options.map((o) => o.value);
    for (const type of Object.keys(NOTIFICATION_TYPES)) expect(values).toContain(type);
  });
});

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`tell(): events become notifications (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('tells the owner and the members with the flag and the property; not the actor, not another account', async () => {
      const a = await team(t);
      const other = await team(t);
      await emit(t, {
        type: 'fact_sheet_sent',
        accountId: a.owner.id,
        propertyId: a.properties[1],
        message: 'Beta sent',
        link: '/exportcentre',
        extraId: 9,
        actorUserId: a.allowedBoth.id,
      });
      expect((await bell(t, a.owner)).map((n) => n.message)).toEqual(['Beta sent']);
      expect(await bell(t, a.allowedFirst)).toEqual([]);
      expect(await bell(t, a.allowedBoth)).toEqual([]); // the actor
      expect(await bell(t, a.noFlag)).toEqual([]);
      for (const who of [other.owner, other.allowedBoth, other.allowedFirst]) expect(await bell(t, who)).toEqual([]);
      const [n] = await bell(t, a.owner);
      expect(n).toMatchObject({
        notification_type: 'fact_sheet_sent',
        link: '/exportcentre',
        extra_id: 9,
        property: a.properties[1],
        count: 1,
        is_read: false,
      });

      await emit(t, {
        type: 'fact_sheet_sent',
        accountId: a.owner.id,
        propertyId: a.properties[0],
        message: 'Alpha sent',
        link: '/exportcentre',
      });
      expect((await bell(t, a.allowedFirst)).map((x) => x.message)).toEqual(['Alpha sent']);
      expect((await bell(t, a.allowedBoth)).map((x) => x.message)).toEqual(['Alpha sent']);
      expect(await bell(t, a.noFlag)).toEqual([]);
    });

    it("an operator's members hear news of a hotel's property whatever their own property list", async () => {
      const op = await signUp(t, { account_type: 'to' });
      const m = await signUp(t, { account_type: 'to', manager: op.id, managerToken: op.token });
      const hotel = await team(t);
      await emit(t, {
        type: 'facts_changed',
        accountId: op.id,
        propertyId: hotel.properties[0],
        message: 'Alpha changed',
        link: '/fact-sheet',
      });
      expect((await bell(t, op)).map((n) => n.message)).toEqual(['Alpha changed']);
      // Members without a permissions record have no flags: facts_changed needs none.
      expect((await bell(t, m)).map((n) => n.message)).toEqual(['Alpha changed']);
      await emit(t, {
        type: 'room_changed',
        accountId: op.id,
        propertyId: hotel.properties[0],
        message: 'Room renamed',
        link: '/mapping',
      });
      expect((await bell(t, m)).map((n) => n.message)).toEqual(['Alpha changed']); // room news needs partner_connections
    });

    it('a preference turned off means no notification and no mail; bell and mail are apart', async () => {
      const a = await team(t);
      const before = t.mail.messages.length;
      await t.api('POST', '/api/settings/preferences/create/', {
        token: a.owner.token,
        body: { notify_fact_sheet_download: false, notify_partnership_changes: false, partnership_changes_mail: false },
      });
      await emit(t, {
        type: 'fact_sheet_sent',
        accountId: a.owner.id,
        propertyId: a.properties[0],
        message: 'quiet',
        link: null,
      });
      await emit(t, {
        type: 'partnership_change',
        accountId: a.owner.id,
        message: 'quiet too',
        link: '/contract-view/1',
        extraId: 1,
        mail: { subject: 'x', body: 'y' },
      });
      expect(await bell(t, a.owner)).toEqual([]);
      expect(await bell(t, a.allowedBoth)).toEqual([]);
      await t.services.jobs.runDue();
      expect(t.mail.messages.length).toBe(before);
      // The bell on, the mail off: a notification, no mail.
      await t.api('PUT', '/api/settings/preferences/edit/', {
        token: a.owner.token,
        body: { notify_partnership_changes: true },
      });
      const told = await emit(t, {
        type: 'partnership_change',
        accountId: a.owner.id,
        message: 'bell only',
        link: '/contract-view/1',
        extraId: 1,
        mail: { subject: 'x', body: 'y' },
      });
      expect(told.mailed).toEqual([]);
      expect((await bell(t, a.owner)).map((n) => n.message)).toEqual(['bell only']);
      // The mail on, the bell off: a queued mail to the owner and the extra addresses, no notification.
      await t.api('PUT', '/api/settings/preferences/edit/', {
        token: a.owner.token,
        body: {
          notify_partnership_changes: false,
          partnership_changes_mail: true,
          email_addresses: 'desk@alpha.example',
        },
      });
      const mailed = await emit(t, {
        type: 'partnership_change',
        accountId: a.owner.id,
        message: 'mail only',
        link: '/contract-view/2',
        extraId: 2,
        mail: { subject: 'Contract news', body: 'Something moved.' },
      });
      expect(mailed.users).toEqual([]);
      expect(mailed.mailed).toEqual([a.owner.email.toLowerCase(), 'desk@alpha.example']);
      expect(t.mail.to('desk@alpha.example')).toEqual([]); // queued, not sent yet
      await t.services.jobs.runDue();
      const [m] = t.mail.to('desk@alpha.example');
      expect(m?.subject).toBe('Contract news');
      expect(m?.text).toContain('Something moved.');
      expect(m?.text).toContain('http://portal.test/contract-view/2');
      expect((await bell(t, a.owner)).map((n) => n.message)).toEqual(['bell only']);
    });

    it('a burst is one notification per recipient, type and property: latest message, count, unread again', async () => {
      const a = await team(t);
      const op = await signUp(t, { account_type: 'to' });
      for (let i = 1; i <= 10; i++) {
        await emit(t, {
          type: 'facts_changed',
          accountId: op.id,
          propertyId: a.properties[0],
          message: `Alpha changed section ${i}`,
          link: '/fact-sheet',
        });
        t.clock.advance(5_000);
      }
      let list = await bell(t, op);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        message: 'Alpha changed section 10',
        count: 10,
        is_read: false,
        property: a.properties[0],
      });
      // Read, then one more within the window: the same notification, unread again.
      await t.api('PATCH', '/api/notification/edit/', { token: op.token, body: [{ id: list[0]!.id, action: 'read' }] });
      await emit(t, {
        type: 'facts_changed',
        accountId: op.id,
        propertyId: a.properties[0],
        message: 'Alpha changed once more',
        link: '/fact-sheet',
      });
      list = await bell(t, op);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ message: 'Alpha changed once more', count: 11, is_read: false });
      // Another property, another type: their own notifications.
      await emit(t, {
        type: 'facts_changed',
        accountId: op.id,
        propertyId: a.properties[1],
        message: 'Beta changed',
        link: '/fact-sheet',
      });
      await emit(t, {
        type: 'facts_published',
        accountId: op.id,
        propertyId: a.properties[0],
        message: 'Alpha published',
        link: '/fact-sheet',
      });
      expect((await bell(t, op)).map((n) => n.message).sort()).toEqual([
        'Alpha changed once more',
        'Alpha published',
        'Beta changed',
      ]);
      // After the window a new burst begins.
      t.clock.advance(BURST_WINDOW_MS + 1);
      await emit(t, {
        type: 'facts_changed',
        accountId: op.id,
        propertyId: a.properties[0],
        message: 'Alpha changed next day',
        link: '/fact-sheet',
      });
      const alpha = (await bell(t, op)).filter(
        (n) => n.notification_type === 'facts_changed' && n.property === a.properties[0],
      );
      expect(alpha.map((n) => [n.message, n.count])).toEqual([
        ['Alpha changed next day', 1],
        ['Alpha changed once more', 11],
      ]);
    });

    it('contract moves are never merged: each is a decision the other side must see', async () => {
      const a = await team(t);
      for (const message of ['countered', 'accepted'])
        await emit(t, {
          type: 'partnership_change',
          accountId: a.owner.id,
          message,
          link: '/contract-view/5',
          extraId: 5,
          mail: { subject: message, body: message },
        });
      expect((await bell(t, a.owner)).map((n) => n.message)).toEqual(['accepted', 'countered']);
    });

    it('a change that rolls back tells nobody: no notification, no mail job', async () => {
      const a = await team(t);
      const jobs = async () => (await t.services.db.kysely.selectFrom('jobs').select('id').execute()).length;
      const before = await jobs();
      await expect(
        t.services.db.kysely.transaction().execute(async (trx) => {
          const { tell } = await import('../../../src/server/features/notifications/tell.js');
          await tell(t.services, trx, {
            type: 'partnership_request',
            accountId: a.owner.id,
            message: () => 'never',
            link: '/contract-view/1',
            extraId: 1,
            mail: { subject: () => 's', body: () => 'b' },
          });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await bell(t, a.owner)).toEqual([]);
      expect(await jobs()).toBe(before);
    });
  });
}
