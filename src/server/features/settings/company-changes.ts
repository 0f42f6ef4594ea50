import { randomBytes } from 'node:crypto';
import { ApiError, conflict } from '../../plugins/errors.js';
import type { UploadedFile } from '../../routing/multipart.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { CompanyFormWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit, diffDocuments, type Change } from '../audit/index.js';
import { processLogo } from '../properties/index.js';
import { findCompany, insertCompanyOnce, updateCompany, type CompanyData } from './company-store.js';

/** The writes of the company details: normalised fields, the logo file stored and removed, audited. */

const FORM = 'settings/company-form.schema.json';

/** Where a bare handle leads (the earlier product built these URLs from handles). */
const SOCIAL_BASE = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  linked_in: 'https://www.linkedin.com/company/',
  trustpilot: 'https://www.trustpilot.com/review/',
  trip_advisor: 'https://www.tripadvisor.com/',
} as const;

function normalise(body: CompanyFormWire): CompanyData {
  const { logo: _l, remove_logo: _r, ...data } = body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[k] = typeof v === 'string' ? v.trim() : v;
  const website = (out.website as string | undefined) ?? '';
  out.website = website && !/^https?:\/\//i.test(website) ? `https://${website}` : website;
  for (const [field, base] of Object.entries(SOCIAL_BASE)) {
    const value = (out[field] as string | undefined) ?? '';
    out[field] = !value || /^https?:\/\//i.test(value) ? value : `${base}${value.replace(/^@/, '')}`;
  }
  return out as CompanyData;
}

function logoFile(files: UploadedFile[]): UploadedFile | undefined {
  const extra = files.find((f) => f.field !== 'logo');
  if (extra) throw new ApiError(400, { [extra.field]: ['Only logo may carry a file.'] });
  return files.find((f) => f.field === 'logo');
}

const newLogoKey = (accountId: number): string => `companies/${accountId}/logo-${randomBytes(8).toString('hex')}.png`;

/** Processes an uploaded logo and stores it under a new key (a changed logo never reuses a cached address). */
async function storeLogo(services: Services, accountId: number, file: UploadedFile): Promise<string> {
  const logo = await processLogo(file);
  const key = newLogoKey(accountId);
  await services.storage.put(key, logo);
  return key;
}

/** The account's company details, created once (409 when they exist), with the logo file stored first. */
export async function createCompany(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: CompanyFormWire,
  files: UploadedFile[],
): Promise<void> {
  const db = services.db.kysely;
  const { storage } = services;
  const file = logoFile(files);
  if (await findCompany(services, auth.accountId))
    throw conflict('The company details exist already; edit them instead.');
  const key = file ? await storeLogo(services, auth.accountId, file) : null;
  const data = normalise(body);
  const now = services.clock.now().toISOString();
  const inserted = await db.transaction().execute(async (trx) => {
    if (!(await insertCompanyOnce(trx, auth.accountId, data, key, now, auth.user.id))) return false;
    const changes = diffDocuments(services.schemas.resolved(FORM), {}, data);
    if (key) changes.push({ field: 'logo', label: 'Logo', from: null, to: 'new logo' });
    await recordAudit(
      services,
      actorOf(auth, ip),
      { kind: 'settings', action: 'create', subject: 'company', summary: 'Added the company details', changes },
      trx,
    );
    return true;
  });
  if (!inserted) {
    if (key) await storage.remove(key);
    throw conflict('The company details exist already; edit them instead.');
  }
}

/** Edit the account's company details (409 before they exist); the old logo file goes once the row no longer names it. */
export async function editCompany(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: CompanyFormWire,
  files: UploadedFile[],
): Promise<void> {
  const db = services.db.kysely;
  const { storage } = services;
  const file = logoFile(files);
  const before = await findCompany(services, auth.accountId);
  if (!before) throw conflict('There are no company details yet; create them first.');
  const stored = file ? await storeLogo(services, auth.accountId, file) : null;
  const data = normalise(body);
  const oldKey = before.logo_key;
  const key = stored ?? (body.remove_logo ? null : oldKey);
  const changes: Change[] = diffDocuments(services.schemas.resolved(FORM), JSON.parse(before.data), data);
  if (key !== oldKey)
    changes.push({ field: 'logo', label: 'Logo', from: oldKey ? 'logo' : null, to: key ? 'new logo' : null });
  await db.transaction().execute(async (trx) => {
    await updateCompany(trx, auth.accountId, data, key, services.clock.now().toISOString(), auth.user.id);
    if (changes.length)
      await recordAudit(
        services,
        actorOf(auth, ip),
        { kind: 'settings', action: 'update', subject: 'company', summary: 'Edited the company details', changes },
        trx,
      );
  });
  if (oldKey && oldKey !== key) await storage.remove(oldKey);
}
