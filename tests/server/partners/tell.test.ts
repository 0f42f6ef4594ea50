/**
 * Each move tells the other side (the bell of its owner and of members with partner_connections,
 * a mail to the owner and the notification addresses) as its preferences allow, and is written to
 * both audit trails; a draft stays in its author's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import type { Account } from '../../helpers/accounts.js';
import {
  call,
  create,
  edit,
  expectStatus,
  hotelWithProperties,
  party,
  propose,
  version,
  type Json,
  type Party,
} from '../../helpers/fixtures/contract-parties.js';

const bell = async (t: TestApp, as: Account) =>
  (await call(t, as, 'GET', '/api/notification/')).body as unknown as Json[];
const trail = async (t: TestApp, as: Account) =>
  ((await call(t, as, 'GET', '/api/settings/audit-trail/?kind=contracts')).body.results as Json[]).map(
    (e) => e.summary as string,
  );
/** Mail leaves through the job queue after the move commits: run what is due, then read the mailbox. */
const mailed = async (t: TestApp, address: string) => {
  await t.services.jobs.runDue();
  return t.mail.to(address).filter((m) => m.subject.includes('contract') || m.subject.includes('counter'));
};
const mailCount = async (t: TestApp) => {
  await t.services.jobs.runDue();
  return t.mail.messages.length;
};

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`contract moves tell the other side (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 1, { name: 'Hotel Sol' });
      operator = await party(t, 'to', { name: 'Sol Tours' });
    });
    afterAll(() => t.stop());

    it('rings the bell of the owner and the flagged members, mails the owner and the extra addresses; both audit trails', async () => {
      await expectStatus(
        await call(t, operator.owner, 'POST', '/api/settings/preferences/create/', {
          email_addresses: 'contracts@sol-tours.example; ops@sol-tours.example',
        }),
        201,
      );
      const c = await propose(t, hotel.withFlag, operator.owner.id);
      for (const who of [operator.owner, operator.withFlag]) {
        const [n] = await bell(t, who);
        expect(n).toMatchObject({
          notification_type: 'partnership_request',
          message: 'Hotel Sol proposed a contract',
          link: `/contract-view/${c.id}`,
          extra_id: c.id,
          is_read: false,
        });
      }
      expect(await bell(t, operator.withoutFlag)).toEqual([]);
      expect(await bell(t, hotel.owner)).toEqual([]);
      for (const address of [operator.owner.email, 'contracts@sol-tours.example', 'ops@sol-tours.example']) {
        const [m] = await mailed(t, address);
        expect(m?.subject).toBe('Hotel Sol proposed a contract on Ananas');
        expect(m?.text).toContain(`http://portal.test/contract-view/${c.id}`);
      }
      expect(await mailed(t, operator.withFlag.email)).toEqual([]);
      expect(await trail(t, hotel.owner)).toEqual(['Sent a contract proposal to Sol Tours']);
      expect(await trail(t, operator.owner)).toEqual(['Hotel Sol proposed a contract']);

      await expectStatus(await edit(t, operator.withFlag, c.id, { to_add_own_photos: 'N' }), 200);
      expect((await bell(t, hotel.owner))[0]).toMatchObject({
        notification_type: 'partnership_change',
        message: 'Sol Tours sent a counter-proposal',
      });
      expect((await bell(t, hotel.withFlag))[0]?.message).toBe('Sol Tours sent a counter-proposal');
      expect((await mailed(t, hotel.owner.email)).map((m) => m.subject)).toEqual([
        'Sol Tours sent a counter-proposal on Ananas',
      ]);
      await expectStatus(await edit(t, hotel.owner, c.id, { status: 'A' }), 200);
      expect((await bell(t, operator.owner))[0]?.message).toBe('Hotel Sol accepted the contract');
      expect(await trail(t, hotel.owner)).toEqual([
        'Accepted the contract with Sol Tours (version 2)',
        'Sol Tours sent a counter-proposal (version 2)',
        'Sent a contract proposal to Sol Tours',
      ]);
      const theirs = (await call(t, operator.owner, 'GET', '/api/settings/audit-trail/?kind=contracts')).body
        .results as Json[];
      expect(theirs.map((e) => e.summary)).toEqual([
        'Hotel Sol accepted the contract (version 2)',
        'Sent a counter-proposal to Hotel Sol (version 2)',
        'Hotel Sol proposed a contract',
      ]);
      expect(theirs[1]).toMatchObject({
        kind: 'contracts',
        subject: 'contract',
        subject_id: c.id,
        actor_email: operator.withFlag.email,
      });
      expect(theirs[1].changes).toEqual([
        { field: 'to_add_own_photos', label: 'Tour Operator may add own photos of the property', from: 'Y', to: 'N' },
      ]);
      await expectStatus(await edit(t, operator.owner, c.id, { status: 'X' }), 200);
      await expectStatus(await call(t, operator.owner, 'POST', '/api/notification/delete/'), 204);
    });

    it("follows the told account's preferences: bell and mail, requests and changes apart", async () => {
      const h = await hotelWithProperties(t, 1, { name: 'Quiet Hotel' });
      await expectStatus(
        await call(t, h.owner, 'POST', '/api/settings/preferences/create/', {
          notify_partnership_request: false,
          partnership_changes_mail: false,
        }),
        201,
      );
      const c = await propose(t, operator.owner, h.owner.id);
      expect(await bell(t, h.owner)).toEqual([]);
      expect((await mailed(t, h.owner.email)).map((m) => m.subject)).toEqual([
        'Sol Tours proposed a contract on Ananas',
      ]);
      await expectStatus(await edit(t, h.owner, c.id, { status: 'A' }), 200);
      await expectStatus(await version(t, operator.owner, c.id, { comment: 'please' }), 201);
      expect((await bell(t, h.owner)).map((n) => n.message)).toEqual(['Sol Tours proposed an amendment']);
      expect(await mailed(t, h.owner.email)).toHaveLength(1);
      await expectStatus(
        await call(t, operator.owner, 'PUT', '/api/settings/preferences/edit/', {
          notify_partnership_changes: false,
          partnership_changes_mail: false,
        }),
        200,
      );
      const before = { mail: await mailCount(t), bell: (await bell(t, operator.owner)).length };
      await expectStatus(await edit(t, h.owner, c.id, { status: 'R' }), 200);
      expect(await bell(t, operator.owner)).toHaveLength(before.bell);
      expect(await mailCount(t)).toBe(before.mail);
      // The other side's own choices are its own: the rejection is in the operator's trail all the same.
      expect((await trail(t, operator.owner))[0]).toBe('Quiet Hotel rejected the amendment (version 2)');
    });

    it("keeps a draft private: only its author's trail, nobody told, until it is sent", async () => {
      const h = await hotelWithProperties(t, 1, { name: 'Draft Hotel' });
      const op = await party(t, 'to', { name: 'Draft Tours' });
      const d = await expectStatus(await create(t, h.owner, { partner: op.owner.id, status: 'D' }), 201);
      await expectStatus(await edit(t, h.withFlag, d.id, { comment: 'first thoughts' }), 200);
      expect(await bell(t, op.owner)).toEqual([]);
      expect(await trail(t, op.owner)).toEqual([]);
      expect(await trail(t, h.owner)).toEqual([
        'Edited the draft contract for Draft Tours',
        'Drafted a contract for Draft Tours',
      ]);
      await expectStatus(await edit(t, h.owner, d.id, { status: 'P' }), 200);
      expect((await bell(t, op.owner))[0]?.message).toBe('Draft Hotel proposed a contract');
      expect(await trail(t, op.owner)).toEqual(['Draft Hotel proposed a contract']);
    });

    it('a failing mail server never undoes a move: the mail is queued with it and sent when the server is back', async () => {
      const h = await hotelWithProperties(t, 1);
      const op = await party(t, 'to');
      const send = t.mail.send.bind(t.mail);
      t.mail.send = async () => {
        throw new Error('SMTP down');
      };
      let c: Json;
      try {
        c = await propose(t, h.owner, op.owner.id);
        expect((await bell(t, op.owner))[0]?.extra_id).toBe(c.id);
        expect(await mailed(t, op.owner.email)).toEqual([]);
      } finally {
        t.mail.send = send;
      }
      // The job is retried after its back-off.
      t.clock.advance(3_600_000);
      const [m] = await mailed(t, op.owner.email);
      expect(m?.subject).toContain('proposed a contract on Ananas');
      expect(m?.text).toContain(`http://portal.test/contract-view/${c.id}`);
    });

    it('a move that loses its race tells nobody: bell, mail and the contract are written together or not at all', async () => {
      const h = await hotelWithProperties(t, 1, { name: 'Race Hotel' });
      const op = await party(t, 'to', { name: 'Race Tours' });
      const c = await propose(t, h.owner, op.owner.id);
      await t.services.jobs.runDue();
      const mails = t.mail.messages.length;
      const answers = await Promise.all([
        edit(t, op.owner, c.id, { status: 'A', revision: c.revision }),
        edit(t, op.withFlag, c.id, { status: 'R', revision: c.revision }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const hotelBell = (await bell(t, h.owner)).map((n) => n.message);
      expect(hotelBell).toHaveLength(1);
      expect(['Race Tours accepted the contract', 'Race Tours rejected the contract proposal']).toContain(hotelBell[0]);
      expect(await mailCount(t)).toBe(mails + 1);
    });
  });
}
