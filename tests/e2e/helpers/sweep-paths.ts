import type { RouteEntry } from '../../../src/client/app/routes.js';
import { DEMO_ACCOUNTS } from '../../../src/server/demo/accounts.js';
import type { Portal } from './portal.js';

/** The demo's ids the parametrised routes are opened with. */
export interface SweepIds {
  hotel: number;
  operator: number;
  editor: number;
  property: number;
  contract: number;
}

/** Editor tabs opened besides the route's own (the first section, a list tab, the gallery). */
const EXTRA_TABS = ['rooms', 'gallery'];

/**
 * The concrete paths of the route table a person opens: a signed-in user every `user` route and
 * the public pages, with the demo's ids in place of parameters (the partner's portfolio is the
 * other side's); a visitor the public and signed-out pages. Routes whose parameters are one-off
 * mailed tokens are left out: they are answered by their own tests.
 */
export function sweepPaths(
  routes: readonly RouteEntry[],
  who: 'hotel' | 'operator' | 'editor' | 'visitor',
  ids: SweepIds,
): string[] {
  const partner = who === 'operator' ? ids.hotel : ids.operator;
  const values: Record<string, string> = { id: String(ids.property), currentTab: 'general' };
  const byPath: Record<string, Record<string, string>> = {
    '/portfolio/:id': { id: String(partner) },
    '/addauth-users/:id': { id: String(ids.editor) },
    '/contract-view/:id': { id: String(ids.contract) },
  };
  const out: string[] = [];
  for (const route of routes) {
    const open = who === 'visitor' ? route.access !== 'user' : route.access === 'user' || route.access === 'public';
    if (!open || /:(uid|token)\b/.test(route.path)) continue;
    // The demo's authorized user is the hotel's: the operator has none of its own to open.
    if (route.path === '/addauth-users/:id' && who === 'operator') continue;
    const params = { ...values, ...byPath[route.path] };
    out.push(route.path.replace(/:(\w+)/g, (_, name: string) => params[name]!));
    if (route.path === '/property/:id/:currentTab')
      for (const tab of EXTRA_TABS) out.push(`/property/${ids.property}/${tab}`);
  }
  return out;
}

/** The seeded demo's accounts, its hotel's first property and the contract between the two (seedDemo). */
export async function demoIds(portal: Portal): Promise<SweepIds> {
  const db = portal.services.db.kysely;
  const account = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const hotel = await account(DEMO_ACCOUNTS.hotel.email);
  const operator = await account(DEMO_ACCOUNTS.operator.email);
  const editor = await account(DEMO_ACCOUNTS.editor.email);
  const property = (
    await db
      .selectFrom('properties')
      .select('id')
      .where('account_id', '=', hotel)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const contract = (
    await db
      .selectFrom('contracts')
      .select('id')
      .where('operator_account_id', '=', operator)
      .where('hotel_account_id', '=', hotel)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  return { hotel, operator, editor, property, contract };
}
