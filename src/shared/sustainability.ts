/**
 * What backs a sustainability certificate (issue 40 part 2), decided in one place for the server
 * (the status it stores and answers), the outputs (fact sheets, partner API, widget) and the
 * editor. A claim is "certified" (may show a badge) only with a document and while in force:
 * a self-declared certificate never is, and an expired one no longer is.
 */

/** The values of options/certificateStatus.json. */
export type CertificateStatus = 'self_declared' | 'document_attached' | 'staff_checked' | 'expired';

/** A certificate's end date within this many days (or past): the hotel is reminded. */
export const CERTIFICATE_NOTICE_DAYS = 60;

export interface CertificateBacking {
  /** A document of the property is attached. */
  document: boolean;
  /** That document was checked by Ananas staff. */
  checked: boolean;
  /** certificate_valid_to (YYYY-MM-DD) or null (no end date given). */
  validTo: string | null | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Expired when its last valid day is before `today` (YYYY-MM-DD, the server's day). */
export const hasExpired = (validTo: string | null | undefined, today: string): boolean =>
  typeof validTo === 'string' && DAY.test(validTo) && validTo < today;

/** The status of a certificate on `today`: expiry first (nothing backs an expired claim), then staff check, then a document. */
export function certificateStatus(b: CertificateBacking, today: string): CertificateStatus {
  if (hasExpired(b.validTo, today)) return 'expired';
  if (b.document && b.checked) return 'staff_checked';
  if (b.document) return 'document_attached';
  return 'self_declared';
}

/** The badge rule: a document backs it and it is in force. The only place that decides "certified". */
export const isCertified = (status: unknown): boolean => status === 'document_attached' || status === 'staff_checked';

/** Days from `today` to `validTo` (negative once past); null without a valid end date. */
export function daysLeft(validTo: unknown, today: string): number | null {
  if (typeof validTo !== 'string' || !DAY.test(validTo)) return null;
  return Math.round((Date.parse(`${validTo}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** A certificate the hotel should hear about: ending within CERTIFICATE_NOTICE_DAYS, or ended. */
export function expiryStage(validTo: unknown, today: string): 'expiring' | 'expired' | null {
  const left = daysLeft(validTo, today);
  if (left === null) return null;
  if (left < 0) return 'expired';
  return left <= CERTIFICATE_NOTICE_DAYS ? 'expiring' : null;
}

type Row = Record<string, unknown>;

/**
 * Stored certificate rows as they stand on `today`: a status stored while the certificate was in
 * force reads `expired` once its end date has passed (a stored status is only ever the save's
 * day's), and `certificate_certified` follows the status by isCertified. What every output reads,
 * so a partner never sees an expired certificate as backed.
 */
export function certificatesAsOf(rows: readonly Row[], today: string): Row[] {
  return rows.map((r) => {
    const status = hasExpired(r.certificate_valid_to as string | null, today) ? 'expired' : r.certificate_status;
    return { ...r, certificate_status: status, certificate_certified: isCertified(status) };
  });
}

/** The section key of the certificates list (facts/certificate.schema.json). */
export const CERTIFICATE_SECTION = 'certificate';

/** The same over a property's section documents (a Map of section key to document or rows). */
export function documentsAsOf<M extends Map<string, Row | Row[]>>(documents: M, today: string): M {
  const rows = documents.get(CERTIFICATE_SECTION);
  if (!Array.isArray(rows)) return documents;
  const out = new Map(documents) as M;
  out.set(CERTIFICATE_SECTION, certificatesAsOf(rows, today));
  return out;
}

/**
 * The certificates with each document named by its file name (`names`: id to file name) instead
 * of its id: what a fact sheet prints, since an id tells a reader nothing. A document not in
 * `names` keeps its id.
 */
export function withDocumentNames<M extends Map<string, Row | Row[]>>(
  documents: M,
  names: ReadonlyMap<number, string>,
): M {
  const rows = documents.get(CERTIFICATE_SECTION);
  if (!Array.isArray(rows)) return documents;
  const out = new Map(documents) as M;
  out.set(
    CERTIFICATE_SECTION,
    rows.map((r) => {
      const name = typeof r.certificate_document === 'number' ? names.get(r.certificate_document) : undefined;
      return name ? { ...r, certificate_document: name } : r;
    }),
  );
  return out;
}
