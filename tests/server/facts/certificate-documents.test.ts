/**
 * Certificate documents by name (issue 40 part 2, follow-up): the property's documents are listed
 * with their file names (404 for another account), the fact sheet PDF and the operator's sheet
 * print a certificate's document by its name, never its id, beside what backs the claim; Ananas
 * staff's check shows in the hotel's own audit trail with the staff member as actor; a refused
 * certificate save speaks the request's language. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty, sendForm } from '../../helpers/properties.js';
import { pdfText } from '../../helpers/file-readers.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';
import { accepted, publish } from '../../helpers/fixtures/contracted-operator.js';
import type { Json } from '../../helpers/fixtures/partner-api-access.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

for (const dialect of dialects()) {
  describe(`certificate documents by name (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const upload = async (token: string, property: number, filename: string) => {
      const res = await sendForm(t, 'POST', `/api/facts/sustainability/certificate-documents/${property}/`, token, [
        { name: 'file', value: PDF, filename },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Json;
    };
    const list = (token: string, property: number) =>
      t.api('GET', `/api/facts/sustainability/certificate-documents/${property}/`, { token });
    const saveCertificates = (token: string, property: number, body: Json[], headers: Record<string, string> = {}) =>
      t.api('POST', `/api/facts/sustainability/certificates/update/${property}/`, { token, body, headers });
    const staffMember = async (): Promise<Account> => {
      const staff = await signUp(t);
      await t.services.db.kysely.updateTable('users').set({ is_staff: true }).where('id', '=', staff.id).execute();
      return staff;
    };
    const check = (token: string, id: number) =>
      t.api('POST', `/api/facts/sustainability/certificate-documents/check/${id}/`, { token });

    it("lists the property's documents with their names, and no other account's", async () => {
      const hotel = await signUp(t);
      const other = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Nombre' })).id;
      expect((await list(hotel.token, property)).json()).toEqual([]);
      const first = await upload(hotel.token, property, 'green-key-2026.pdf');
      const second = await upload(hotel.token, property, 'earthcheck.pdf');
      expect((await check((await staffMember()).token, second.id as number)).statusCode).toBe(200);

      const res = await list(hotel.token, property);
      expect(res.statusCode, res.body).toBe(200);
      const docs = res.json() as Json[];
      expect(docs.map((d) => [d.id, d.filename, d.content_type, d.bytes, d.checked_at === null])).toEqual([
        [first.id, 'green-key-2026.pdf', 'application/pdf', PDF.length, true],
        [second.id, 'earthcheck.pdf', 'application/pdf', PDF.length, false],
      ]);
      expect(docs[0]!.uploaded_at).toBe(first.uploaded_at);
      expect(docs[0]!.url).toBe(first.url);

      // Another account's property is not there for it; its own property lists only its own.
      expect((await list(other.token, property)).statusCode).toBe(404);
      const own = (await createProperty(t, other.token, { hotel_name: 'Hotel Otro' })).id;
      expect((await list(other.token, own)).json()).toEqual([]);
    });

    it("prints each certificate's document by its name with its status, in the PDF and the operator's sheet", async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Papel' })).id;
      await fillFacts(t, hotel.token, property);
      const attached = await upload(hotel.token, property, 'green-key-certificate.pdf');
      const checked = await upload(hotel.token, property, 'earthcheck-scan.pdf');
      const saved = await saveCertificates(hotel.token, property, [
        { id: 0, certificate_issuer: 'Green Globe' },
        { id: 0, certificate_issuer: 'Green Key', certificate_document: attached.id },
        { id: 0, certificate_issuer: 'EarthCheck', certificate_document: checked.id },
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await check((await staffMember()).token, checked.id as number)).statusCode).toBe(200);
      await publish(t, hotel.token, property);

      const pdf = pdfText(
        (await t.api('GET', `/api/facts/download-facts/${property}/?language=en`, { token: hotel.token })).rawPayload,
      );
      expect(pdf).toContain('green-key-certificate.pdf');
      expect(pdf).toContain('earthcheck-scan.pdf');
      for (const status of ['Self-declared', 'Document attached', 'Checked by Ananas staff']) {
        expect(pdf).toContain(status);
      }

      // The operator's sheet: the same names and statuses, cell by cell.
      const op: Account = await signUp(t, { account_type: 'to' });
      await accepted(t, hotel, op);
      const sheet = await t.api('GET', `/api/partners/fact-sheet/${property}/?language=en`, { token: op.token });
      expect(sheet.statusCode, sheet.body).toBe(200);
      const section = ((sheet.json() as Json).sheet.sections as Json[]).find((s) => s.key === 'certificate')!;
      const column = (key: string) => (section.columns as Json[]).findIndex((c) => c.key === key);
      const cells = (section.rows as Json[]).map((r) => [
        r.cells[column('certificate_issuer')],
        r.cells[column('certificate_document')],
        r.cells[column('certificate_status')],
      ]);
      expect(cells).toEqual([
        ['Green Globe', '', 'Self-declared'],
        ['Green Key', 'green-key-certificate.pdf', 'Document attached'],
        ['EarthCheck', 'earthcheck-scan.pdf', 'Checked by Ananas staff'],
      ]);
    });

    it("shows Ananas staff's check in the hotel's audit trail, with the staff member as actor", async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Registro' })).id;
      const doc = await upload(hotel.token, property, 'biosphere.pdf');
      expect(
        (
          await saveCertificates(hotel.token, property, [
            { id: 0, certificate_issuer: 'Biosphere', certificate_document: doc.id },
          ])
        ).statusCode,
      ).toBe(200);
      const staff = await staffMember();
      expect((await check(staff.token, doc.id as number)).statusCode).toBe(200);

      const trail = async (token: string, query = '') => {
        const res = await t.api('GET', `/api/settings/audit-trail/${query}`, { token });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as Json).results as Json[];
      };
      const events = await trail(hotel.token, `?property=${property}`);
      const checkEvent = events.find((e) => e.subject === 'certificate-document' && e.action === 'update');
      expect(checkEvent).toMatchObject({
        kind: 'facts',
        subject_id: doc.id,
        actor: staff.id,
        actor_email: staff.email,
        summary: 'Certificate document biosphere.pdf checked by Ananas staff',
      });
      // The certificates' re-save that made the row staff_checked is the hotel's too, by the staff member.
      const resave = events.find((e) => e.kind === 'rows' && e.actor === staff.id);
      expect(resave, JSON.stringify(events)).toBeDefined();
      // Ananas keeps its own record of the check.
      expect((await trail(staff.token)).some((e) => e.subject === 'certificate-document')).toBe(true);
    });

    it("refuses another property's document in the request's language", async () => {
      const hotel = await signUp(t);
      const other = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Sprache' })).id;
      const foreignProperty = (await createProperty(t, other.token, { hotel_name: 'Hotel Fremd' })).id;
      const foreign = await upload(other.token, foreignProperty, 'fremd.pdf');
      const rows = [{ id: 0, certificate_issuer: 'Green Key', certificate_document: foreign.id }];

      const german = await saveCertificates(hotel.token, property, rows, { 'accept-language': 'de' });
      expect(german.statusCode).toBe(400);
      expect(german.json()).toEqual({
        non_field_errors: ['Zertifikat (1): Laden Sie zuerst das Zertifikatsdokument für diese Unterkunft hoch.'],
        rows: {
          '0': { certificate_document: ['Laden Sie zuerst das Zertifikatsdokument für diese Unterkunft hoch.'] },
        },
      });
      // Without a language asked for: the English.
      const english = await saveCertificates(hotel.token, property, rows);
      expect((english.json() as Json).rows['0'].certificate_document).toEqual([
        'Upload the certificate document for this property first.',
      ]);
      // The upload's own refusal too.
      const none = await sendForm(
        t,
        'POST',
        `/api/facts/sustainability/certificate-documents/${property}/`,
        hotel.token,
        [{ name: 'note', value: 'x' }],
        { 'accept-language': 'es' },
      );
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ file: ['Elija un archivo PDF o de imagen.'] });
      // A file that is not a document, named in the words of the language asked for.
      const text = await sendForm(
        t,
        'POST',
        `/api/facts/sustainability/certificate-documents/${property}/`,
        hotel.token,
        [{ name: 'file', value: Buffer.from('just some text'), filename: 'notes.pdf' }],
        { 'accept-language': 'ru' },
      );
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ file: ['"notes.pdf" — не файл PDF, JPEG, PNG или WebP.'] });
    });
  });
}
