/**
 * Sustainability (issue 40 part 2): the practices section is saved and read back (bad values 400,
 * another account 404); certificate documents are judged by content (a PDF with a script, a text
 * file refused; an image re-encoded); a certificate's status says what backs it and is the
 * server's (self-declared without a document, document attached, checked by Ananas staff,
 * expired), a document of another property is refused; the fact sheet PDF and the partner API
 * show each claim with its status; once the end date passes the certificate reads expired and no
 * longer certified, everywhere; the daily job reminds the hotel 60 days before and at the end,
 * once each. Both databases.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty, sendForm } from '../../helpers/properties.js';
import { pdfText } from '../../helpers/file-readers.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { apiKey, partner, whitelist, type Json } from '../../helpers/fixtures/partner-api-access.js';
import { isCertified } from '../../../src/shared/sustainability.js';

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

const PRACTICES = {
  sus_energy_measures: ['LED lighting throughout', 'Electric car charging'],
  sus_renewable_electricity_share: 80,
  sus_water_measures: ['Low-flow showers and taps'],
  sus_water_per_room_night: 310,
  sus_plastics_measures: ['No single-use plastic water bottles'],
  sus_local_staff_share: 65,
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

for (const dialect of dialects()) {
  describe(`sustainability facts and certificates (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const upload = (token: string, property: number, value: Buffer, filename = 'certificate.pdf') =>
      sendForm(t, 'POST', `/api/facts/sustainability/certificate-documents/${property}/`, token, [
        { name: 'file', value, filename },
      ]);
    const saveCertificates = (token: string, property: number, body: Json[]) =>
      t.api('POST', `/api/facts/sustainability/certificates/update/${property}/`, { token, body });
    const certificates = async (token: string, property: number) =>
      (await t.api('GET', `/api/facts/sustainability/certificates/${property}/`, { token })).json() as Json[];

    it('saves the practices, refuses bad values and hides them from another account', async () => {
      const hotel = await signUp(t);
      const other = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Verde' })).id;
      const saved = await t.api('PUT', `/api/facts/sustainability/update/${property}/`, {
        token: hotel.token,
        body: { hotel: property, ...PRACTICES },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const read = (
        await t.api('GET', `/api/facts/sustainability/${property}/`, { token: hotel.token })
      ).json() as Json;
      expect(read).toMatchObject(PRACTICES);
      expect(read.sus_waste_measures).toEqual([]);
      const init = (
        await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token: hotel.token })
      ).json() as Json;
      expect(init.sustainabilityInfo).toMatchObject(PRACTICES);
      expect(init.certificatesInfo).toEqual([]);

      const refused = await t.api('PUT', `/api/facts/sustainability/update/${property}/`, {
        token: hotel.token,
        body: {
          hotel: property,
          version: read.version,
          sus_renewable_electricity_share: 150,
          sus_energy_measures: ['Coal'],
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json() as Json).sort()).toEqual([
        'sus_energy_measures',
        'sus_renewable_electricity_share',
      ]);

      // Another account: the section, the list and an upload are not there for it.
      expect((await t.api('GET', `/api/facts/sustainability/${property}/`, { token: other.token })).statusCode).toBe(
        404,
      );
      expect(
        (await t.api('GET', `/api/facts/sustainability/certificates/${property}/`, { token: other.token })).statusCode,
      ).toBe(404);
      expect((await saveCertificates(other.token, property, [])).statusCode).toBe(404);
      expect((await upload(other.token, property, PDF)).statusCode).toBe(404);
    });

    it('judges certificate documents by their content and keeps them to their property', async () => {
      const hotel = await signUp(t);
      const other = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Archivo' })).id;

      const pdf = await upload(hotel.token, property, PDF);
      expect(pdf.statusCode, pdf.body).toBe(201);
      const doc = pdf.json() as Json;
      expect(doc).toMatchObject({ hotel: property, format: 'pdf', filename: 'certificate.pdf', checked_at: null });
      const file = await t.api('GET', doc.url as string, { token: hotel.token });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect((await t.api('GET', doc.url as string, { token: other.token })).statusCode).toBe(404);

      // An image: re-encoded (no metadata), stored as its own format.
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e7d32' } })
        .withMetadata({ exif: { IFD0: { Artist: 'Secret Person' } } })
        .png()
        .toBuffer();
      const image = await upload(hotel.token, property, png, 'scan.png');
      expect(image.statusCode, image.body).toBe(201);
      expect((image.json() as Json).format).toBe('png');
      const stored = (await t.api('GET', (image.json() as Json).url as string, { token: hotel.token })).rawPayload;
      expect(stored.includes(Buffer.from('Secret Person'))).toBe(false);

      // Not a PDF or an image, a PDF with a script, a cut-off PDF, no file: 400 naming the field.
      for (const [value, name] of [
        [Buffer.from('just some text'), 'notes.pdf'],
        [Buffer.from('%PDF-1.4\n1 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\n%%EOF\n'), 'script.pdf'],
        [Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n'), 'cut.pdf'],
      ] as const) {
        const res = await upload(hotel.token, property, value, name);
        expect(res.statusCode, name).toBe(400);
        expect(Object.keys(res.json() as Json)).toEqual(['file']);
        expect(String((res.json() as Json).file[0])).toContain(name);
      }
      const none = await sendForm(
        t,
        'POST',
        `/api/facts/sustainability/certificate-documents/${property}/`,
        hotel.token,
        [{ name: 'note', value: 'x' }],
      );
      expect(none.statusCode).toBe(400);

      // A certificate naming another property's document is refused, nothing saved.
      const otherProperty = (await createProperty(t, other.token, { hotel_name: 'Hotel Ajeno' })).id;
      const foreign = (await upload(other.token, otherProperty, PDF)).json() as Json;
      const refused = await saveCertificates(hotel.token, property, [
        { id: 0, certificate_issuer: 'Green Key', certificate_document: foreign.id },
      ]);
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as Json).rows['0'].certificate_document).toHaveLength(1);
      expect(await certificates(hotel.token, property)).toEqual([]);
      // A scheme not in the list, an end before the start: 400.
      const badScheme = await saveCertificates(hotel.token, property, [{ id: 0, certificate_issuer: 'My Own Award' }]);
      expect(badScheme.statusCode).toBe(400);
      const badDates = await saveCertificates(hotel.token, property, [
        {
          id: 0,
          certificate_issuer: 'Travelife',
          certificate_valid_from: '2027-05-01',
          certificate_valid_to: '2027-01-01',
        },
      ]);
      expect(badDates.statusCode).toBe(400);
    });

    it('says what backs each certificate, shows it in the PDF and the partner API, and stops counting it once ended', async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Sello' })).id;
      await fillFacts(t, hotel.token, property);
      const today = t.clock.now();
      const inDays = (n: number) => day(new Date(today.getTime() + n * DAY_MS));
      const doc = (await upload(hotel.token, property, PDF)).json() as Json;
      const checkedDoc = (await upload(hotel.token, property, PDF, 'earthcheck.pdf')).json() as Json;

      const saved = await saveCertificates(hotel.token, property, [
        // A claim without a document, even one sent as "staff_checked": self-declared, never certified.
        {
          id: 0,
          certificate_issuer: 'Green Globe',
          certificate_status: 'staff_checked',
          certificate_certified: true,
          certificate_valid_to: inDays(400),
        },
        {
          id: 0,
          certificate_issuer: 'Green Key',
          certificate_scope: 'Whole property',
          certificate_number: 'GK-ES-1234',
          certificate_valid_from: inDays(-300),
          certificate_valid_to: inDays(1),
          certificate_document: doc.id,
        },
        {
          id: 0,
          certificate_issuer: 'EarthCheck',
          certificate_valid_to: inDays(200),
          certificate_document: checkedDoc.id,
        },
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
      const statuses = (rows: Json[]) =>
        rows.map((r) => [r.certificate_issuer, r.certificate_status, r.certificate_certified]);
      expect(statuses(saved.json() as Json[])).toEqual([
        ['Green Globe', 'self_declared', false],
        ['Green Key', 'document_attached', true],
        ['EarthCheck', 'document_attached', true],
      ]);

      // Only Ananas staff check a document; then the certificates naming it read staff_checked.
      const check = `/api/facts/sustainability/certificate-documents/check/${checkedDoc.id}/`;
      expect((await t.api('POST', check, { token: hotel.token })).statusCode).toBe(403);
      const staff = await signUp(t);
      await t.services.db.kysely.updateTable('users').set({ is_staff: true }).where('id', '=', staff.id).execute();
      const checked = await t.api('POST', check, { token: staff.token });
      expect(checked.statusCode, checked.body).toBe(200);
      expect((checked.json() as Json).checked_at).not.toBeNull();
      expect(statuses(await certificates(hotel.token, property))).toEqual([
        ['Green Globe', 'self_declared', false],
        ['Green Key', 'document_attached', true],
        ['EarthCheck', 'staff_checked', true],
      ]);

      expect(
        (await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token: hotel.token })).statusCode,
      ).toBe(200);

      // The fact sheet prints each claim with its status, in English and Spanish.
      const sheet = async (language: string) =>
        pdfText(
          (await t.api('GET', `/api/facts/download-facts/${property}/?language=${language}`, { token: hotel.token }))
            .rawPayload,
        );
      const en = await sheet('en');
      expect(en).toContain('Sustainability certificates');
      expect(en).toContain('Electricity from renewable sources (%)');
      // The list prints as a table (pdftotext reads its columns apart): each status beside its badge.
      expect(en).toContain('What backs it Certified (may show a badge)');
      for (const words of ['Green Globe', 'Green Key', 'GK-ES-1234', 'EarthCheck']) expect(en).toContain(words);
      expect(en).toContain('Self-declared No');
      expect(en).toContain('Document attached Yes');
      expect(en).toContain('Checked by Ananas staff Yes');
      expect(en).not.toContain('Expired');
      const es = await sheet('es');
      expect(es).toContain('Certificados de sostenibilidad');
      expect(es).toContain('Comprobado por el equipo de Ananas');

      // The partner API: each certificate with its status and whether it is certified.
      const op: Account = await signUp(t, { account_type: 'to' });
      await accepted(t, hotel, op);
      const key = (await apiKey(t, op)).token as string;
      const partnerCertificates = async () =>
        ((await partner(t, key, `/api/v1/properties/${property}/facts/`)).json() as Json).sections
          .certificate as Json[];
      expect(statuses(await partnerCertificates())).toEqual([
        ['Green Globe', 'self_declared', false],
        ['Green Key', 'document_attached', true],
        ['EarthCheck', 'staff_checked', true],
      ]);

      // The widget (Default content): each certificate in force with what backs it.
      const SITE = 'https://verde.example';
      await whitelist(t, hotel, SITE);
      const widget = await t.api('POST', '/api/settings/widget/create/', {
        token: hotel.token,
        body: { hotel: property },
      });
      expect(widget.statusCode, widget.body).toBe(201);
      const widgetCertificates = async () =>
        (
          (await t.api('GET', `/api/widget/${widget.json().token as string}/`, { headers: { origin: SITE } })).json()
            .facts as Json[]
        )
          .filter((f) => f.key === 'sustainability_certificate')
          .map((f) => f.text);
      expect(await widgetCertificates()).toEqual([
        'Green Globe (Self-declared)',
        'Green Key (Document attached)',
        'EarthCheck (Checked by Ananas staff)',
      ]);

      // Two days on, Green Key has ended: expired and not certified, in the editor's list, the
      // partner API (from the same publication) and the PDF.
      t.clock.advance(2 * DAY_MS);
      // (A session idle for two days has ended: sign in again.)
      const token = await signIn(t, hotel.email);
      const later = await certificates(token, property);
      expect(later.find((r) => r.certificate_issuer === 'Green Key')).toMatchObject({
        certificate_status: 'expired',
        certificate_certified: false,
      });
      expect((await partnerCertificates()).find((r) => r.certificate_issuer === 'Green Key')).toMatchObject({
        certificate_status: 'expired',
        certificate_certified: false,
      });
      // An ended certificate is no longer a claim the widget makes.
      expect(await widgetCertificates()).toEqual([
        'Green Globe (Self-declared)',
        'EarthCheck (Checked by Ananas staff)',
      ]);
      const ended = pdfText(
        (await t.api('GET', `/api/facts/download-facts/${property}/?language=en`, { token })).rawPayload,
      );
      expect(ended).toContain('Expired No');
      expect(ended).not.toContain('Document attached Yes');
      t.clock.advance(-2 * DAY_MS);
    });

    it('reminds the hotel of a certificate ending within 60 days and again once ended, once each', async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Aviso' })).id;
      const start = t.clock.now().getTime();
      const inDays = (n: number) => day(new Date(start + n * DAY_MS));
      expect(
        (
          await saveCertificates(hotel.token, property, [
            { id: 0, certificate_issuer: 'Biosphere', certificate_valid_to: inDays(45) },
            { id: 0, certificate_issuer: 'LEED', certificate_valid_to: inDays(365) },
          ])
        ).statusCode,
      ).toBe(200);
      const told = async () =>
        (
          await t.services.db.kysely
            .selectFrom('notifications')
            .select('message')
            .where('notification_type', '=', 'certificate_expiry')
            .where('property_id', '=', property)
            .orderBy('id')
            .execute()
        ).map((n) => n.message);
      const { sendCertificateReminders } =
        await import('../../../src/server/features/next-steps/certificate-reminders.js');
      await sendCertificateReminders(t.services);
      expect(await told()).toEqual([
        `Hotel Aviso: sustainability certificate ending within 60 days: Biosphere (${inDays(45)}). Upload the renewed certificate.`,
      ]);
      await sendCertificateReminders(t.services);
      expect(await told()).toHaveLength(1);
      t.clock.advance(46 * DAY_MS);
      await sendCertificateReminders(t.services);
      await sendCertificateReminders(t.services);
      const messages = await told();
      expect(messages).toHaveLength(2);
      expect(messages[1]).toContain('sustainability certificate ended: Biosphere');
      t.clock.advance(-46 * DAY_MS);
    });
  });
}

describe('the badge rule', () => {
  it('certifies only a claim backed by a document and in force', () => {
    expect(['self_declared', 'document_attached', 'staff_checked', 'expired'].map(isCertified)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
