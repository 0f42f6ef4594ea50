import { ApiError } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { translatorOf } from '../../i18n/index.js';
import { listIssuesToTree, type Issue, type Words } from '../../../shared/validation-messages.js';
import type { Services } from '../../services.js';
import {
  certificateStatus,
  certificatesAsOf,
  CERTIFICATE_SECTION,
  isCertified,
} from '../../../shared/sustainability.js';
import { rowsJson, saveRows, sectionsOf, type SectionInfo } from '../facts/index.js';
import { documentsOf } from './store.js';

type Row = Record<string, unknown>;

export const todayOf = (services: Pick<Services, 'clock'>): string => services.clock.now().toISOString().slice(0, 10);

/** The certificates list's section (facts/certificate.schema.json). */
export function certificateSection(services: Services): SectionInfo {
  const s = sectionsOf(services.schemas).find((x) => x.key === CERTIFICATE_SECTION);
  if (!s) throw new Error('the schema bundle has no certificate section');
  return s;
}

/**
 * Save the certificates as the generic list save does, with what backs each one decided here:
 * a named document must be one uploaded for this property (else 400 naming the row, in `words`'
 * language as the schema's refusals are), and the status comes from the document, its staff check
 * and the end date (shared/sustainability.ts), never from the request (the field is read-only).
 */
export async function saveCertificates(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  items: Row[],
  words: Words = translatorOf('en'),
): Promise<string> {
  const section = certificateSection(services);
  const documents = await documentsOf(services.db.kysely, propertyId);
  const today = todayOf(services);
  const problems: Issue[] = [];
  const rows = items.map((item, i) => {
    const id = item.certificate_document;
    const doc = typeof id === 'number' ? documents.get(id) : undefined;
    if (typeof id === 'number' && !doc) {
      problems.push({
        path: [String(i), 'certificate_document'],
        message: words.text('sustainability.document_first'),
        custom: true,
      });
    }
    const status = certificateStatus(
      { document: !!doc, checked: !!doc?.checked_at, validTo: item.certificate_valid_to as string | null },
      today,
    );
    return { ...item, certificate_status: status, certificate_certified: isCertified(status) };
  });
  if (problems.length) {
    throw new ApiError(400, listIssuesToTree(problems, services.schemas.itemLabel(section.ref, words), words));
  }
  const saved = await saveRows(services, auth, ip, section, propertyId, rows, { removeMissing: true });
  return asOfJson(saved, today);
}

/** The certificates as stored, each read as it stands today (an ended one reads expired). */
export async function certificatesJson(services: Services, propertyId: number): Promise<string> {
  return asOfJson(await rowsJson(services, propertyId, certificateSection(services)), todayOf(services));
}

const asOfJson = (json: string, today: string): string =>
  JSON.stringify(certificatesAsOf(JSON.parse(json) as Row[], today));

/**
 * After Ananas staff checked a document: the property's certificates are saved again (through
 * the facts' list save, by the staff member: the revision and audit trail say who) when one names
 * it, so stored, published and answered statuses agree.
 */
export async function restampCertificates(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  documentId: number,
): Promise<void> {
  const rows = JSON.parse(await rowsJson(services, propertyId, certificateSection(services))) as Row[];
  if (!rows.some((r) => r.certificate_document === documentId)) return;
  await saveCertificates(services, auth, ip, propertyId, rows);
}
