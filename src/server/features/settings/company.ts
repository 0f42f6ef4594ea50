import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { ApiError, conflict, notFound } from '../../plugins/errors.js';
import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { UploadedFile } from '../../routing/multipart.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { bool, type CompaniesTable, type Database, type DbBool } from '../../db/tables.js';
import type { CompanyFormWire, CompanyWire, PortfolioWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit, diffDocuments, type Change } from '../audit/index.js';
import { processLogo } from '../properties/index.js';
import { accountBadges, ownerProfile } from '../auth/index.js';

type CompanyRow = Selectable<CompaniesTable>;
/** What is stored: the form's fields, normalised, without the file and the remove flag. */
type CompanyData = Omit<CompanyFormWire, 'logo' | 'remove_logo'>;

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

const EMPTY: CompanyData = {
  company: '',
  email: '',
  website: '',
  contact_number: '',
  country: '',
  state: '',
  city: '',
  address: '',
  description: '',
  about_us: '',
  work_in_countries: [],
  facebook: '',
  instagram: '',
  linked_in: '',
  trustpilot: '',
  trip_advisor: '',
};

export function companyLogoUrl(accountId: number, key: string | null): string | null {
  return key ? `/api/settings/portfolio/${accountId}/logo/?v=${encodeURIComponent(key.split('/').pop()!)}` : null;
}

export async function findCompany(services: Services, accountId: number): Promise<CompanyRow | undefined> {
  return services.db.kysely.selectFrom('companies').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/**
 * The company wire document of an account (user 0 and empty fields while it has none). `owner`:
 * the owner's genuine and premium flags when the caller read them already (lists of companies).
 */
export async function companyWire(
  services: Services,
  accountId: number,
  row: CompanyRow | undefined,
  owner?: { genuine: DbBool; premium_active: DbBool },
): Promise<CompanyWire> {
  owner ??= await accountBadges(services.db.kysely, accountId);
  const data = row ? { ...EMPTY, ...(JSON.parse(row.data) as CompanyData) } : EMPTY;
  return {
    user: row ? accountId : 0,
    company: data.company,
    email: data.email ?? '',
    website: data.website ?? '',
    address: data.address ?? '',
    contact_number: data.contact_number ?? '',
    logo: row ? companyLogoUrl(accountId, row.logo_key) : null,
    country: data.country,
    state: data.state ?? '',
    city: data.city ?? '',
    description: data.description ?? '',
    about_us: data.about_us ?? '',
    work_in_countries: data.work_in_countries ?? [],
    facebook: data.facebook ?? '',
    instagram: data.instagram ?? '',
    linked_in: data.linked_in ?? '',
    trustpilot: data.trustpilot ?? '',
    trip_advisor: data.trip_advisor ?? '',
    genuine: bool(owner?.genuine),
    premium_active: bool(owner?.premium_active),
    updated_at: row?.updated_at ?? null,
  };
}

function logoFile(files: UploadedFile[]): UploadedFile | undefined {
  const extra = files.find((f) => f.field !== 'logo');
  if (extra) throw new ApiError(400, { [extra.field]: ['Only logo may carry a file.'] });
  return files.find((f) => f.field === 'logo');
}

const newLogoKey = (accountId: number): string => `companies/${accountId}/logo-${randomBytes(8).toString('hex')}.png`;

/** Insert the account's company details unless they exist; false when they did. */
async function insertCompanyOnce(
  db: Kysely<Database>,
  accountId: number,
  data: CompanyData,
  logoKey: string | null,
  now: string,
  by: number,
): Promise<boolean> {
  const row = await db
    .insertInto('companies')
    .values({
      account_id: accountId,
      data: JSON.stringify(data),
      logo_key: logoKey,
      created_at: now,
      updated_at: now,
      updated_by: by,
    })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .returning('account_id')
    .executeTakeFirst();
  return !!row;
}

async function updateCompany(
  db: Kysely<Database>,
  accountId: number,
  data: CompanyData,
  logoKey: string | null,
  now: string,
  by: number,
): Promise<void> {
  await db
    .updateTable('companies')
    .set({ data: JSON.stringify(data), logo_key: logoKey, updated_at: now, updated_by: by })
    .where('account_id', '=', accountId)
    .execute();
}

/**
 * The company details a sign-up starts with (its name, and the country when given), so that the
 * company is shown by its name from the first day. Nothing when the name is empty or details exist.
 */
export async function startCompanyDetails(
  services: Services,
  accountId: number,
  fields: { company?: string; country?: string },
): Promise<void> {
  const company = (fields.company ?? '').trim();
  if (!company) return;
  const now = services.clock.now().toISOString();
  const data: CompanyData = { ...EMPTY, company, country: (fields.country ?? '').toUpperCase() };
  await insertCompanyOnce(services.db.kysely, accountId, data, null, now, accountId);
}

/** An account owner's public face: active owners only; anything else does not exist. */
async function portfolioOwner(services: Services, id: number) {
  const owner = await ownerProfile(services.db.kysely, id);
  if (!owner || !bool(owner.is_active)) throw notFound();
  return owner;
}

/** The account's company details, created once (409 when they exist), with the logo file stored first. */
async function createCompany(
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
  const logo = file ? await processLogo(file) : undefined;
  const data = normalise(body);
  const key = logo ? newLogoKey(auth.accountId) : null;
  if (logo && key) await storage.put(key, logo);
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
async function editCompany(
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
  const logo = file ? await processLogo(file) : undefined;
  const data = normalise(body);
  const oldKey = before.logo_key;
  let key = body.remove_logo ? null : oldKey;
  if (logo) {
    key = newLogoKey(auth.accountId);
    await storage.put(key, logo);
  }
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

/** Company details (form data with a logo, created once then edited) and the public portfolio. */
export function companyHandlers(services: Services): HandlerMap {
  const { storage } = services;

  return {
    async settingsCompanyGet(ctx) {
      const auth = caller(ctx);
      return ok(await companyWire(services, auth.accountId, await findCompany(services, auth.accountId)));
    },

    async settingsCompanyCreate(ctx) {
      const auth = caller(ctx);
      await createCompany(services, auth, ctx.ip, ctx.body, ctx.files);
      return created(await companyWire(services, auth.accountId, await findCompany(services, auth.accountId)));
    },

    async settingsCompanyEdit(ctx) {
      const auth = caller(ctx);
      await editCompany(services, auth, ctx.ip, ctx.body, ctx.files);
      return ok(await companyWire(services, auth.accountId, await findCompany(services, auth.accountId)));
    },

    async settingsPortfolioGet(ctx) {
      const owner = await portfolioOwner(services, ctx.params.id);
      const row = await findCompany(services, owner.id);
      // Flat (spec 000 §3: "company profile with email and account type"): the company's fields beside the account's.
      // email: the company's contact address (from its company details), not the owner's sign-in address.
      const company = await companyWire(services, owner.id, row);
      const portfolio: PortfolioWire = {
        id: owner.id,
        // Shown by its company name, else its first property's, else the owner's (partners.ts companyNames).
        name:
          company.company ||
          owner.first_property ||
          `${owner.first_name} ${owner.last_name}`.trim() ||
          `Company ${owner.id}`,
        account_type: owner.account_type as PortfolioWire['account_type'],
        ...company,
      };
      return ok(portfolio);
    },

    async settingsPortfolioLogo(ctx) {
      const owner = await portfolioOwner(services, ctx.params.id);
      const row = await findCompany(services, owner.id);
      const file = row?.logo_key ? await storage.open(row.logo_key) : undefined;
      if (!file) throw notFound();
      ctx.reply.header('cache-control', 'private, max-age=31536000, immutable');
      return { status: 200, file: file.stream, contentType: 'image/png' };
    },
  };
}
