import type { Selectable } from 'kysely';
import type { WhitelistsTable } from '../../db/tables.js';
import { fieldError } from '../../plugins/errors.js';
import type { WhitelistWire } from '../../../shared/generated/wire-types.js';
import { parseEntries } from './addresses.js';

/** A whitelist entry's shapes: its stored addresses, its wire form, its fields checked from a body. */

export type WhitelistRow = Selectable<WhitelistsTable>;

export const entriesOf = (row: { entries: string }): string[] => JSON.parse(row.entries) as string[];

export function toWire(row: WhitelistRow): WhitelistWire {
  return { id: row.id, name: row.name, domain: row.domain, entries: entriesOf(row), date_created: row.date_created };
}

/** An entry's stored fields from a body, checked; pure, so also the routes' pre-check (prechecks.ts). */
export function whitelistFieldsOf(body: WhitelistWire): { name: string; domain: string; entries: string } {
  const name = body.name.trim();
  if (!name) throw fieldError('name', 'Enter a name.');
  const parsed = parseEntries(body.domain);
  if ('error' in parsed) throw fieldError('domain', parsed.error);
  return { name, domain: body.domain.trim(), entries: JSON.stringify(parsed.entries) };
}
