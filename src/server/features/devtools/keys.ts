import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { bool, type ApiKeysTable } from '../../db/tables.js';
import type { ApiKeyWire } from '../../../shared/generated/wire-types.js';
import { sha256 } from '../auth/index.js';
import { developerStanding } from '../auth/index.js';

export type KeyRow = Selectable<ApiKeysTable>;
type Row = KeyRow;

/** How long the secret before a rotation keeps working: the consumer's time to switch. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/**
 * A new secret: a visible prefix (48 random bits, shown in the list so people can tell keys
 * apart) and 192 more random bits. Only its SHA-256 is stored: fast to look up, and a secret of
 * this entropy needs no slow hash.
 */
export function newSecret(): { secret: string; prefix: string; hash: string } {
  const prefix = `ak_${randomBytes(6).toString('hex')}`;
  const secret = `${prefix}_${randomBytes(24).toString('base64url')}`;
  return { secret, prefix, hash: sha256(secret) };
}

/** Who made a key, and why it is refused now (null: it works), as the list shows it. */
export interface KeyStanding {
  email: string | null;
  refusal: string | null;
}

/** The standing of each key's maker (keys of unknown makers, from before makers were kept, work). */
export async function keyStandings(
  db: Parameters<typeof developerStanding>[0],
  accountId: number,
  rows: readonly Row[],
): Promise<Map<number, KeyStanding>> {
  const makers = await developerStanding(
    db,
    accountId,
    rows.map((r) => r.created_by).filter((id): id is number => id !== null),
  );
  return new Map(
    rows.map((r) => [r.id, r.created_by === null ? { email: null, refusal: null } : makers.get(r.created_by)!]),
  );
}

export function toKeyWire(
  row: Row,
  token: string | null = null,
  standing: KeyStanding = { email: null, refusal: null },
): ApiKeyWire {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    domain: row.whitelist_id,
    expires_at: row.expires_at,
    fact_sheet: bool(row.fact_sheet),
    stop_sale: bool(row.stop_sale),
    hotel_photos: bool(row.hotel_photos),
    rotate: false,
    token,
    prefix: row.prefix,
    previous_valid_until: row.previous_valid_until,
    date_created: row.date_created,
    last_used: row.last_used_at,
    created_by: standing.email,
    suspended: standing.refusal,
  };
}
