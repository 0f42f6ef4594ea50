import PostalMime from 'postal-mime';
import { startSmtpInbox, type Received, type SmtpInbox } from '../../helpers/smtp-inbox.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { pdfPages, pdfText, zipNames } from '../../helpers/file-readers.js';
import { groupWith, photosNamed, publishedHotel } from '../../helpers/fixtures/published-hotel.js';

const DAY = 86_400_000;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`export centre calls (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let hotel: number;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      hotel = await publishedHotel(t, owner.token);
    }, 240_000);
    afterAll(() => t.stop());

    it('answers 204 for a property that was never published, and sends nothing for it', async () => {
      const draft = (await createProperty(t, owner.token, { hotel_name: 'Draft hotel' })).id;
      const res = await t.api('GET', `/api/facts/download-facts/${draft}/`, { token: owner.token });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const group = await groupWith(t, owner.token, ['draft@example.com']);
      const send = await t.api('GET', `/api/facts/send-facts/${group}/sheet/${draft}/`, { token: owner.token });
      expect(send.statusCode).toBe(409);
      expect(send.json()).toEqual({ detail: 'Accommodation not published for live view' });
    });

    it('prints the fact sheet (201, named by hotel and language) with every section title, values and option labels', async () => {
      const res = await t.api('GET', `/api/facts/download-facts/${hotel}/?layout=&language=en`, { token: owner.token });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="hotel-ananas-playa-fact-sheet-en.pdf"; filename*=UTF-8''hotel-ananas-playa-fact-sheet-en.pdf`,
      );
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfPages(pdf)).toBeGreaterThan(3);
      const text = pdfText(pdf);
      expect(text).toContain('Hotel Ananas Playa');
      // Every section that applies to this hotel (all inclusive only with an all-inclusive board) has its title.
      const completeness = (await t.api('GET', `/api/facts/completeness/${hotel}/`, { token: owner.token })).json<{
        sections: { section: string; enabled: boolean }[];
      }>();
      const enabled = new Set(completeness.sections.filter((s) => s.enabled).map((s) => s.section));
      const titles = t.services.schemas.bundle.schemas
        .map((s) => s['x-section'] as { key: string; title: string } | undefined)
        .filter(
          (x): x is { key: string; title: string } =>
            !!x && (enabled.has(x.key) || ['room', 'restaurant', 'bar', 'maintenance'].includes(x.key)),
        );
      expect(titles.length).toBeGreaterThan(12);
      for (const { title } of titles) expect(text, title).toContain(title);
      expect(text).not.toContain('All inclusive options');
      const main = (await t.api('GET', `/api/facts/main-info/${hotel}/`, { token: owner.token })).json<
        Record<string, unknown>
      >();
      expect(text).toContain(`E-mail ${main.email as string}`);
      expect(text).toContain(`Address ${main.address as string}`);
      // Option labels, not stored values: the charges list stores "Additional Charge"; boards "Room only" reads "without board".
      const food = (await t.api('GET', `/api/facts/food/${hotel}/`, { token: owner.token })).json<{
        boards_available: string[];
      }>();
      const boards = t.services.schemas.bundle.options.find((o) => o.category === 'boards')!;
      for (const value of food.boards_available)
        expect(text).toContain(boards.options.find((o) => o.value === value)!.label.en);
    });

    it('answers a repeat download of an unchanged sheet from the PDF cache, and prints a changed one again', async () => {
      const url = `/api/facts/download-facts/${hotel}/?layout=S&language=en`;
      // The printer's prints, counted: a repeat answered from the cache prints nothing.
      const prints = vi.spyOn(t.services.printer, 'print');
      try {
        const first = (await t.api('GET', url, { token: owner.token })).rawPayload;
        expect(prints).toHaveBeenCalledTimes(1);
        const again = (await t.api('GET', url, { token: owner.token })).rawPayload;
        expect(again.equals(first)).toBe(true);
        expect(prints).toHaveBeenCalledTimes(1);
        // A change of the facts is a new document.
        const main = (await t.api('GET', `/api/facts/main-info/${hotel}/`, { token: owner.token })).json<
          Record<string, unknown>
        >();
        const saved = await t.api('PUT', `/api/facts/main-info/update/${hotel}/`, {
          token: owner.token,
          body: { ...main, address: 'Carrer del Canvi 7' },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const changed = pdfText((await t.api('GET', url, { token: owner.token })).rawPayload);
        expect(changed).toContain('Carrer del Canvi 7');
        expect(prints).toHaveBeenCalledTimes(2);
      } finally {
        prints.mockRestore();
      }
    });

    it('prints Persian right to left with translated titles and option labels, and the other languages', async () => {
      const fa = pdfText(
        (await t.api('GET', `/api/facts/download-facts/${hotel}/?language=fa`, { token: owner.token })).rawPayload,
      );
      // (pdftotext misorders the lam-alef ligature, so no word with it is looked for.)
      expect(fa).toContain('برگه'); // "Fact sheet"
      expect(fa).toContain('موقعیت و محیط'); // Location & environment
      expect(fa).toContain('حیوانات خانگی'); // Pets
      const food = (await t.api('GET', `/api/facts/food/${hotel}/`, { token: owner.token })).json<{
        boards_available: string[];
      }>();
      const boards = t.services.schemas.bundle.options.find((o) => o.category === 'boards')!;
      const faBoard = boards.options.find((o) => o.value === food.boards_available[0])!.label.fa!;
      expect(fa).toContain(faBoard);
      // Hotel-entered text prints as entered.
      expect(fa).toContain('Hotel Ananas Playa');
      const inRussian = await t.api('GET', `/api/facts/download-facts/${hotel}/?language=ru`, { token: owner.token });
      // Named in the sheet's language: as written in filename*, transliterated in filename.
      const disposition = String(inRussian.headers['content-disposition']);
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)$/.exec(disposition)![1]!)).toBe(
        'hotel-ananas-playa-информационный-лист-ru.pdf',
      );
      expect(disposition).toContain('filename="hotel-ananas-playa-informatsionnyy-list-ru.pdf"');
      const ru = pdfText(inRussian.rawPayload);
      expect(ru).toContain('Основная информация');
      expect(ru.toLowerCase()).toContain('информационный лист');
      const es = pdfText(
        (await t.api('GET', `/api/facts/download-facts/${hotel}/?language=es`, { token: owner.token })).rawPayload,
      );
      expect(es).toContain('Información principal');
      // An untranslated title falls back to English.
      expect(es).toContain('Sauna');
    });

    it('prints each of the five layouts; the preference decides when the query does not', async () => {
      const sizes: Record<string, number> = {};
      for (const layout of ['', 'F', 'R', 'G', 'S']) {
        const res = await t.api('GET', `/api/facts/download-facts/${hotel}/?layout=${layout}`, { token: owner.token });
        expect(res.statusCode, layout).toBe(201);
        const text = pdfText(res.rawPayload);
        expect(text).toContain('Main info');
        sizes[layout] = pdfPages(res.rawPayload);
      }
      expect(sizes.S).toBeLessThan(sizes['']!);
      const bad = await t.api('GET', `/api/facts/download-facts/${hotel}/?layout=X`, { token: owner.token });
      expect(bad.statusCode).toBe(400);
      const layout = await t.api('PUT', '/api/settings/preferences/layout/edit/', {
        token: owner.token,
        body: { pdf_layout: 'S', api_layout: '', add_logo: false },
      });
      expect(layout.statusCode, layout.body).toBe(200);
      const preferred = await t.api('GET', `/api/facts/download-facts/${hotel}/`, { token: owner.token });
      expect(pdfPages(preferred.rawPayload)).toBe(sizes.S);
      await t.api('PUT', '/api/settings/preferences/layout/edit/', {
        token: owner.token,
        body: { pdf_layout: '', api_layout: '', add_logo: false },
      });
    });

    it('zips every photo (<hotel>-photos.zip, exact Content-Length) under safe UTF-8 names in gallery order', async () => {
      const empty = await t.api('GET', `/api/facts/download-photos/${hotel}/`, { token: owner.token });
      expect(empty.statusCode).toBe(204);
      await photosNamed(t, owner.token, hotel, [
        'Sea view',
        'نمای ساحل',
        'Вид на бассейн',
        '../../etc/passwd',
        'a/b\\c:d*?"<>|',
        '   ',
      ]);
      const res = await t.api('GET', `/api/facts/download-photos/${hotel}/`, { token: owner.token });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain('filename="hotel-ananas-playa-photos.zip"');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const names = zipNames(res.rawPayload);
      expect(names).toEqual([
        '1-Sea view.jpg',
        '2-نمای ساحل.jpg',
        '3-Вид на бассейн.jpg',
        '4-etc passwd.jpg',
        '5-a b c d.jpg',
        expect.stringMatching(/^6-photo-\d+\.jpg$/),
      ]);
      for (const n of names) expect(n).not.toMatch(/\.\.|^\/|\\/);
    });

    it('mails the fact sheet to every contact of the group once, with the PDF attached, after answering 201', async () => {
      const emails = ['anna@example.com', 'boris@example.com', 'chen@example.com'];
      const group = await groupWith(t, owner.token, emails, 'Tour operators');
      const res = await t.api('GET', `/api/facts/send-facts/${group}/sheet/${hotel}/?language=es&layout=F`, {
        token: owner.token,
      });
      expect(res.statusCode, res.body).toBe(201);
      const send = res.json();
      expect(send).toMatchObject({
        kind: 'facts',
        property: hotel,
        group,
        group_name: 'Tour operators',
        layout: 'F',
        language: 'es',
        state: 'queued',
        total: 3,
        sent: 0,
        pending: 3,
      });
      expect(send.detail).toBe('Sending to 3 contacts of "Tour operators".');
      // Answered before anything was mailed; the job and its audit entry exist together.
      for (const e of emails) expect(t.mail.to(e)).toHaveLength(0);
      const audit = await t.services.db.kysely
        .selectFrom('audit_events')
        .selectAll()
        .where('kind', '=', 'exports')
        .where('subject_id', '=', send.id)
        .execute();
      expect(audit.map((a) => a.summary)).toEqual([
        `Sent the fact sheet of "Hotel Ananas Playa" to mailing group "Tour operators" (3 contacts)`,
      ]);
      // The same send again while it waits is the same send.
      const again = await t.api('GET', `/api/facts/send-facts/${group}/sheet/${hotel}/?language=es&layout=F`, {
        token: owner.token,
      });
      expect(again.json()).toMatchObject({ id: send.id, detail: 'This send is already on its way.' });
      expect(await t.services.jobs.runDue()).toBe(1);
      for (const e of emails) {
        const mails = t.mail.to(e);
        expect(mails, e).toHaveLength(1);
        expect(mails[0]!.subject).toBe('Ficha técnica: Hotel Ananas Playa');
        expect(mails[0]!.attachments?.map((a) => a.filename)).toEqual(['hotel-ananas-playa-ficha-técnica-es.pdf']);
        expect(pdfText(mails[0]!.attachments![0]!.content)).toContain('Información principal');
      }
      const history = (await t.api('GET', `/api/exports/sends/?property=${hotel}`, { token: owner.token })).json<
        Record<string, unknown>[]
      >();
      expect(history[0]).toMatchObject({ id: send.id, state: 'done', total: 3, sent: 3, failed: 0, pending: 0 });
      expect(
        (history[0]!.recipients as { email: string; state: string }[]).map((r) => `${r.email} ${r.state}`),
      ).toEqual(emails.map((e) => `${e} sent`));
      // Nothing more to send: the job is done and a retry has nothing to do.
      expect(await t.services.jobs.runDue()).toBe(0);
      expect((await t.api('POST', `/api/exports/sends/${send.id}/retry/`, { token: owner.token })).statusCode).toBe(
        409,
      );
    });

    it('says "Please Select Group Mail" when no group is chosen, and sends nothing', async () => {
      const before = await t.services.db.kysely
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      for (const g of ['0', 'undefined', 'null']) {
        for (const path of [`/api/facts/send-facts/${g}/sheet/${hotel}/`, `/api/facts/send-photos/${g}/acc/${hotel}`]) {
          const res = await t.api('GET', path, { token: owner.token });
          expect(res.statusCode, path).toBe(400);
          expect(res.json()).toEqual({ non_field_errors: ['Please Select Group Mail'] });
        }
      }
      const after = await t.services.db.kysely
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      const other = await signUp(t);
      const theirs = await groupWith(t, other.token, ['x@example.com']);
      expect(
        (await t.api('GET', `/api/facts/send-facts/${theirs}/sheet/${hotel}/`, { token: owner.token })).statusCode,
      ).toBe(404);
      expect(
        (await t.api('GET', `/api/facts/send-facts/99999999999/sheet/${hotel}/`, { token: owner.token })).statusCode,
      ).toBe(404);
      const empty = await groupWith(t, owner.token, []);
      expect(
        (await t.api('GET', `/api/facts/send-facts/${empty}/sheet/${hotel}/`, { token: owner.token })).statusCode,
      ).toBe(400);
    });

    it('mails each contact its own expiring link to the photo zip, never the photos themselves', async () => {
      const group = await groupWith(t, owner.token, ['dana@example.com', 'emil@example.com']);
      const res = await t.api('GET', `/api/facts/send-photos/${group}/acc/${hotel}`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(201);
      expect(await t.services.jobs.runDue()).toBe(1);
      const links = ['dana@example.com', 'emil@example.com'].map((e) => {
        const mails = t.mail.to(e);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.attachments ?? []).toEqual([]);
        return /http:\/\/portal\.test(\/api\/exports\/photos\/[A-Za-z0-9_-]+\/)/.exec(mails[0]!.text)![1]!;
      });
      expect(new Set(links).size).toBe(2);
      const zip = await t.api('GET', links[0]!);
      expect(zip.statusCode).toBe(200);
      expect(zipNames(zip.rawPayload)).toHaveLength(6);
      expect((await t.api('GET', links[0]!.replace(/\/([A-Za-z0-9_-]{10})/, '/AAAAAAAAAA'))).statusCode).toBe(404);
      t.clock.advance(8 * DAY);
      const expired = await t.api('GET', links[1]!);
      expect(expired.statusCode).toBe(404);
      t.clock.advance(-8 * DAY);
    });

    it('needs the properties flag (403) and an allowed property (404); hides contact addresses from those without the contacts flag', async () => {
      const { owner: o, sub: without } = await ownerWithSubUser(t, { properties: false });
      const mine = await publishedHotel(t, o.token, 'Flag hotel');
      const allowed = await t.api('GET', `/api/auth/permissions/${without.id}/`, { token: o.token });
      const perms = allowed.json<Record<string, unknown>>();
      await t.api('PUT', `/api/auth/permissions/update/${perms.id as number}/`, {
        token: o.token,
        body: { ...perms, properties_allowed: [mine] },
      });
      const group = await groupWith(t, o.token, ['flag@example.com']);
      for (const path of [
        `/api/facts/download-facts/${mine}/`,
        `/api/facts/download-photos/${mine}/`,
        `/api/facts/send-facts/${group}/sheet/${mine}/`,
        `/api/facts/send-photos/${group}/acc/${mine}`,
        '/api/exports/sends/',
      ]) {
        expect((await t.api('GET', path, { token: without.token })).statusCode, path).toBe(403);
      }
      await t.api('PUT', `/api/auth/permissions/update/${perms.id as number}/`, {
        token: o.token,
        body: { ...perms, properties: true, properties_allowed: [] },
      });
      expect((await t.api('GET', `/api/facts/download-facts/${mine}/`, { token: without.token })).statusCode).toBe(404);
      await t.api('PUT', `/api/auth/permissions/update/${perms.id as number}/`, {
        token: o.token,
        body: { ...perms, properties: true, properties_allowed: [mine] },
      });
      const sent = await t.api('GET', `/api/facts/send-facts/${group}/sheet/${mine}/`, { token: without.token });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().recipients).toEqual([expect.objectContaining({ email: 'f•••@example.com' })]);
      const ownerView = (await t.api('GET', '/api/exports/sends/', { token: o.token })).json<
        { recipients: { email: string }[] }[]
      >();
      expect(ownerView[0]!.recipients[0]!.email).toBe('flag@example.com');
      await t.services.jobs.runDue();
    }, 120_000);

    it('prints facts typed as Typst syntax (code, file reads, images) as typed, in every layout', async () => {
      const hostile = { address: '#read("/etc/passwd") ] $x$', zip_code: '#image("/etc/hosts")' };
      const property = await publishedHotel(t, owner.token, '*Hotel* #panic("no") @ref');
      const main = (await t.api('GET', `/api/facts/main-info/${property}/`, { token: owner.token })).json<
        Record<string, unknown>
      >();
      const saved = await t.api('PUT', `/api/facts/main-info/update/${property}/`, {
        token: owner.token,
        body: { ...main, ...hostile },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      for (const layout of ['', 'F', 'R', 'G', 'S']) {
        const res = await t.api('GET', `/api/facts/download-facts/${property}/?layout=${layout}`, {
          token: owner.token,
        });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
        // Compared without spaces: a long value may wrap at any "/" (pdftotext reads the break as a space).
        const text = pdfText(res.rawPayload).replace(/ /g, '');
        for (const typed of ['*Hotel* #panic("no") @ref', hostile.address, hostile.zip_code])
          expect(text, layout).toContain(typed.replace(/ /g, ''));
        expect(text).not.toContain('root:');
      }
    }, 120_000);
  });
}

describe('sending through a real SMTP server', () => {
  let inbox: SmtpInbox;
  let received: Received[];
  let t: TestApp;
  let owner: Account;
  let hotel: number;
  /** Addresses the server refuses for good (550) until allowed. */
  const refused = new Set(['gone@example.com']);

  beforeAll(async () => {
    inbox = await startSmtpInbox({ refuses: (address) => refused.has(address) });
    received = inbox.received;
    t = await startTestApp('sqlite', { mailer: inbox.mailer });
    const res = await t.api('POST', '/api/auth/users/', {
      body: {
        email: 'smtp-owner@example.com',
        password: 'Correct-Horse-42',
        re_password: 'Correct-Horse-42',
        account_type: 'accommodation',
        first_name: 'S',
        last_name: 'O',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const activation = PostalMime.parse(received.find((m) => m.to === 'smtp-owner@example.com')!.raw);
    const link = /\/auth\/activate\/([^/\s]+)\/([^/\s]+)/.exec((await activation).text ?? '')!;
    expect(
      (await t.api('POST', '/api/auth/users/activation/', { body: { uid: link[1], token: link[2] } })).statusCode,
    ).toBe(204);
    const login = await t.api('POST', '/api/auth/token/login/', {
      body: { email: 'smtp-owner@example.com', password: 'Correct-Horse-42' },
    });
    owner = { id: res.json().id, email: 'smtp-owner@example.com', token: login.json().auth_token };
    hotel = await publishedHotel(t, owner.token);
    received.length = 0;
  }, 240_000);
  afterAll(async () => {
    await t.stop();
    await inbox.close();
  });

  it('delivers one mail per contact with the PDF; a refused address fails alone and is sent again on retry', async () => {
    const group = await groupWith(t, owner.token, ['ok1@example.com', 'gone@example.com', 'ok2@example.com']);
    const send = (await t.api('GET', `/api/facts/send-facts/${group}/sheet/${hotel}/`, { token: owner.token })).json();
    await t.services.jobs.runDue();
    expect(received.map((m) => m.to).sort()).toEqual(['ok1@example.com', 'ok2@example.com']);
    for (const m of received) {
      const mail = await PostalMime.parse(m.raw);
      expect(mail.subject).toBe('Fact sheet: Hotel Ananas Playa');
      expect(mail.attachments.map((a) => `${a.filename} ${a.mimeType}`)).toEqual([
        'hotel-ananas-playa-fact-sheet-en.pdf application/pdf',
      ]);
      expect(pdfText(Buffer.from(mail.attachments[0]!.content as ArrayBuffer))).toContain('Main info');
      expect(mail.messageId).toMatch(new RegExp(`^<send-${send.id}-\\d+@portal\\.test>$`));
    }
    const history = (await t.api('GET', '/api/exports/sends/', { token: owner.token })).json<
      {
        state: string;
        sent: number;
        failed: number;
        recipients: { email: string; state: string; error: string | null }[];
      }[]
    >();
    expect(history[0]).toMatchObject({ state: 'done', sent: 2, failed: 1 });
    expect(history[0]!.recipients.find((r) => r.email === 'gone@example.com')).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/550/),
    });
    refused.delete('gone@example.com');
    const retry = await t.api('POST', `/api/exports/sends/${send.id}/retry/`, { token: owner.token });
    expect(retry.statusCode, retry.body).toBe(200);
    await t.services.jobs.runDue();
    expect(received.map((m) => m.to).sort()).toEqual(['gone@example.com', 'ok1@example.com', 'ok2@example.com']);
    const after = (await t.api('GET', '/api/exports/sends/', { token: owner.token })).json<
      { sent: number; failed: number }[]
    >();
    expect(after[0]).toMatchObject({ sent: 3, failed: 0 });
  }, 120_000);
});
