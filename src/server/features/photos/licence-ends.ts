import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

export interface EndingLicence {
  id: number;
  name: string | null;
  property_id: number;
  account_id: number;
  hotel_name: string;
  licence_ends: string;
}

/**
 * Photos of accommodation accounts whose licence's last day is from `first` to `last` (YYYY-MM-DD,
 * both included) and that still leave the account (passed on): what the reminder before a
 * licence ends speaks of.
 */
export async function licencesEndingBetween(
  db: Kysely<Database>,
  first: string,
  last: string,
): Promise<EndingLicence[]> {
  return db
    .selectFrom('photos')
    .innerJoin('properties', 'properties.id', 'photos.property_id')
    .innerJoin('users', 'users.id', 'properties.account_id')
    .select([
      'photos.id',
      'photos.name',
      'photos.property_id',
      'properties.account_id',
      'properties.hotel_name',
      'photos.licence_ends',
    ])
    .where('users.account_type', '=', 'accommodation')
    .where('photos.licence_ends', '>=', first)
    .where('photos.licence_ends', '<=', last)
    .where('photos.pass_on', '=', true)
    .orderBy('photos.property_id')
    .orderBy('photos.sequence')
    .execute() as Promise<EndingLicence[]>;
}
