import { notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { bool } from '../../db/tables.js';
import type { PortfolioWire } from '../../../shared/generated/wire-types.js';
import { ownerProfile } from '../auth/index.js';
import { companyWire } from './company.js';
import { findCompany } from './company-store.js';

/** An account's public portfolio: its company details beside the account's, for active owners only. */

/** An account owner's public face: active owners only; anything else does not exist. */
async function portfolioOwner(services: Services, id: number) {
  const owner = await ownerProfile(services.db.kysely, id);
  if (!owner || !bool(owner.is_active)) throw notFound();
  return owner;
}

/** The portfolio of the account `id`; 404 unless it is an active owner. */
export async function portfolioOf(services: Services, id: number): Promise<PortfolioWire> {
  const owner = await portfolioOwner(services, id);
  const row = await findCompany(services, owner.id);
  // Flat (spec 000 §3: "company profile with email and account type"): the company's fields beside the account's.
  // email: the company's contact address (from its company details), not the owner's sign-in address.
  const company = await companyWire(services, owner.id, row);
  return {
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
}

/** The key of the portfolio's logo file, if it has one; 404 unless the account is an active owner. */
export async function portfolioLogoKey(services: Services, id: number): Promise<string | null | undefined> {
  const owner = await portfolioOwner(services, id);
  return (await findCompany(services, owner.id))?.logo_key;
}
