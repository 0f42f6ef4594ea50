import type { Services } from '../../services.js';
import { bool, type DbBool } from '../../db/tables.js';
import type { CompanyWire } from '../../../shared/generated/wire-types.js';
import { accountBadges } from '../auth/index.js';
import { insertCompanyOnce, type CompanyData, type CompanyRow } from './company-store.js';

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
