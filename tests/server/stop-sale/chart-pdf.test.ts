/**
 * The month chart as PDF and its mail (issue 15 §1), read back with pdftotext: the download named
 * Stopsale-{id}.pdf as spec 000 §7 says (the portal saves it under the hotel's name and the month),
 * the mail's attachment <hotel>-availability-<month>.pdf
 * (property, month, rooms, every state's mark and the legend), one page for a month; sent to every
 * contact of a mailing group as a job (201 at once, 'Please Select Group Mail' without a group),
 * through a real SMTP server too; the stop_sale_publishing flag gates both.
 */
import PostalMime from 'postal-mime';
import { startSmtpInbox, type Received, type SmtpInbox } from '../../helpers/smtp-inbox.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { pdfPages, pdfText } from '../../helpers/file-readers.js';
import { groupWith } from '../../helpers/fixtures/published-hotel.js';

/** A property with three rooms and every state on the first room in December 2026. */
async function chartedHotel(t: TestApp, token: string): Promise<{ hotel: number; rooms: number[] }> {
  const hotel = (await createProperty(t, token, { hotel_name: 'Hotel Calendario' })).id;
  const res = await t.api('POST', `/api/facts/rooms/update/${hotel}/`, {
    token,
    body: ['Doble Vista Mar', 'Suite Junior', 'Individual'].map((room_name) => ({
      id: 0,
      room_name,
      room_name_type: 'double room',
      room_view: 'Sea view',
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  const rooms = res.json<{ id: number }[]>().map((r) => r.id);
  const events = [0, 1, 2, 3, 4].map((color) => ({ date: `2026-12-0${color + 1}`, color, state: 'create' }));
  const saved = await t.api('POST', '/api/stop-sale/save/', {
    token,
    body: { data: { date: '2026-12-01', rooms: [{ id: rooms[0], events }] } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const range = await t.api('POST', '/api/stop-sale/range/', {
    token,
    body: { hotel, rooms: [rooms[1]], from: '2026-12-20', to: '2026-12-31', color: 2 },
  });
  expect(range.statusCode, range.body).toBe(200);
  return { hotel, rooms };
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`the availability chart PDF and its mail (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let hotel: number;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      ({ hotel } = await chartedHotel(t, owner.token));
    }, 120_000);
    afterAll(() => t.stop());

    it('prints Stopsale-{id}.pdf: property, month, rooms, every state and the legend, on one page', async () => {
      const res = await t.api('GET', `/api/stop-sale/pdf/${hotel}/?date=2026-12-01`, { token: owner.token });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Stopsale-${hotel}.pdf"; filename*=UTF-8''Stopsale-${hotel}.pdf`,
      );
      const text = pdfText(res.rawPayload);
      for (const words of [
        'Availability: Hotel Calendario',
        'December 2026',
        'Doble Vista Mar',
        'Suite Junior',
        'Individual',
        'FS Free Sale',
        'OS Open Sale',
        'SS Stop Sale',
        'RQ On Request',
        'BL Blocked',
      ])
        expect(text).toContain(words);
      // The first room's five states in day order; the second room's twelve stopped days.
      expect(text).toMatch(/Doble Vista Mar FS OS SS RQ BL/);
      expect(text.match(/SS/g)!.length).toBeGreaterThanOrEqual(1 + 12 + 1);
      expect(pdfPages(res.rawPayload)).toBe(1);
      expect(
        (await t.api('GET', `/api/stop-sale/pdf/${hotel}/?date=2026-12-02`, { token: owner.token })).statusCode,
      ).toBe(400);
      const stranger = await signUp(t);
      expect((await t.api('GET', `/api/stop-sale/pdf/${hotel}/`, { token: stranger.token })).statusCode).toBe(404);
    }, 60_000);

    it('mails the chart to every contact of the group once, after answering 201; no group: Please Select Group Mail', async () => {
      for (const g of ['0', 'undefined', 'null']) {
        const res = await t.api('GET', `/api/stop-sale/pdf/${hotel}/send-mail/${g}/?date=2026-12-01`, {
          token: owner.token,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ non_field_errors: ['Please Select Group Mail'] });
      }
      const emails = ['ana@example.com', 'ben@example.com'];
      const group = await groupWith(t, owner.token, emails, 'Partners');
      const res = await t.api('GET', `/api/stop-sale/pdf/${hotel}/send-mail/${group}/?date=2026-12-01`, {
        token: owner.token,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        kind: 'availability',
        property: hotel,
        group,
        state: 'queued',
        total: 2,
        pending: 2,
      });
      for (const e of emails) expect(t.mail.to(e)).toHaveLength(0);
      expect(await t.services.jobs.runDue()).toBe(1);
      for (const e of emails) {
        const mails = t.mail.to(e);
        expect(mails, e).toHaveLength(1);
        expect(mails[0]!.subject).toBe('Availability December 2026: Hotel Calendario');
        expect(mails[0]!.attachments?.map((a) => a.filename)).toEqual(['hotel-calendario-availability-2026-12.pdf']);
        expect(pdfText(mails[0]!.attachments![0]!.content)).toContain('December 2026');
      }
      const history = (await t.api('GET', `/api/exports/sends/?property=${hotel}`, { token: owner.token })).json<
        Record<string, unknown>[]
      >();
      expect(history[0]).toMatchObject({ kind: 'availability', state: 'done', sent: 2, failed: 0 });
      expect(await t.services.jobs.runDue()).toBe(0);
      // Without a date: the current month (by the clock), a send of its own.
      const now = await t.api('GET', `/api/stop-sale/pdf/${hotel}/send-mail/${group}/`, { token: owner.token });
      expect(now.statusCode).toBe(201);
      expect(now.json<{ id: number }>().id).not.toBe(res.json<{ id: number }>().id);
    }, 60_000);

    it('needs stop_sale_publishing for a member', async () => {
      const without = await signUp(t, { account_type: 'accommodation', manager: owner.id, managerToken: owner.token });
      const withFlag = await signUp(t, { account_type: 'accommodation', manager: owner.id, managerToken: owner.token });
      for (const [who, flags] of [
        [without, { properties: true }],
        [withFlag, { stop_sale_publishing: true }],
      ] as const) {
        expect(
          (
            await t.api('POST', '/api/auth/permissions/create/', {
              token: owner.token,
              body: { user: who.id, properties_allowed: [hotel], ...flags },
            })
          ).statusCode,
        ).toBe(201);
      }
      expect((await t.api('GET', `/api/stop-sale/pdf/${hotel}/`, { token: without.token })).statusCode).toBe(403);
      expect(
        (await t.api('GET', `/api/stop-sale/pdf/${hotel}/send-mail/1/`, { token: without.token })).statusCode,
      ).toBe(403);
      expect(
        (await t.api('GET', `/api/stop-sale/pdf/${hotel}/?date=2026-12-01`, { token: withFlag.token })).statusCode,
      ).toBe(200);
    }, 60_000);
  });
}

describe('the availability chart through a real SMTP server', () => {
  let inbox: SmtpInbox;
  let received: Received[];
  let t: TestApp;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    received = inbox.received;
    t = await startTestApp('sqlite', { mailer: inbox.mailer });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    await inbox.close();
  });

  it('delivers one mail per contact with <hotel>-availability-<month>.pdf attached', async () => {
    // The owner activates from the mail this server received.
    const email = 'smtp-chart@example.com';
    const res = await t.api('POST', '/api/auth/users/', {
      body: {
        email,
        password: 'Correct-Horse-42',
        re_password: 'Correct-Horse-42',
        account_type: 'accommodation',
        first_name: 'S',
        last_name: 'O',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const activation = await PostalMime.parse(received.find((m) => m.to === email)!.raw);
    const link = /\/auth\/activate\/([^/\s]+)\/([^/\s]+)/.exec(activation.text ?? '')!;
    expect(
      (await t.api('POST', '/api/auth/users/activation/', { body: { uid: link[1], token: link[2] } })).statusCode,
    ).toBe(204);
    const login = await t.api('POST', '/api/auth/token/login/', { body: { email, password: 'Correct-Horse-42' } });
    const owner = { id: res.json<{ id: number }>().id, email, token: login.json<{ auth_token: string }>().auth_token };
    const { hotel } = await chartedHotel(t, owner.token);
    received.length = 0;
    const group = await groupWith(t, owner.token, ['one@example.com', 'two@example.com']);
    expect(
      (await t.api('GET', `/api/stop-sale/pdf/${hotel}/send-mail/${group}/?date=2026-12-01`, { token: owner.token }))
        .statusCode,
    ).toBe(201);
    await t.services.jobs.runDue();
    expect(received.map((m) => m.to).sort()).toEqual(['one@example.com', 'two@example.com']);
    for (const m of received) {
      const mail = await PostalMime.parse(m.raw);
      expect(mail.subject).toBe('Availability December 2026: Hotel Calendario');
      expect(mail.attachments.map((a) => `${a.filename} ${a.mimeType}`)).toEqual([
        'hotel-calendario-availability-2026-12.pdf application/pdf',
      ]);
      expect(pdfText(Buffer.from(mail.attachments[0]!.content as ArrayBuffer))).toContain('Doble Vista Mar');
    }
  }, 120_000);
});
