import sharp from 'sharp';
import type { TestApp } from '../../helpers/app.js';
import { PASSWORD, signIn, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { sha256 } from '../../../src/server/features/auth/secrets.js';
import { hashPassword } from '../../../src/server/features/auth/passwords.js';
import { PERMISSION_FLAGS } from '../../../src/shared/bundle-types.js';

/**
 * The accounts and records the fuzz suite aims its requests at: real ids make the generated
 * requests reach the handlers (not only the 404 of an unknown id). Requests may delete or
 * change them (a fuzzed call may delete the property, sign the owner out...): `ensure()` puts
 * back what is missing before each request, cheaply.
 */
export type CallerName = 'anonymous' | 'badToken' | 'owner' | 'subNone' | 'subAll' | 'operator' | 'staff' | 'stranger';
export const CALLERS: readonly CallerName[] = ['anonymous', 'badToken', 'owner', 'subNone', 'subAll', 'operator', 'staff', 'stranger'];

export class World {
  readonly accounts = new Map<CallerName, Account>();
  /** Ids of records of every kind: the owner's, a stranger's, whatever the requests create. */
  readonly ids = new Set<number>();
  hotel = 0;
  strangerHotel = 0;
  png: Buffer = Buffer.alloc(0);
  passwordHash = '';

  constructor(readonly t: TestApp) {}

  async setUp(): Promise<void> {
    const t = this.t;
    this.passwordHash = await hashPassword(PASSWORD);
    this.png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f5c400' } }).png().toBuffer();
    const owner = await signUp(t);
    this.accounts.set('owner', owner);
    this.accounts.set('operator', await signUp(t, { account_type: 'to' }));
    const staff = await signUp(t);
    await t.testDb.db.kysely.updateTable('users').set({ is_staff: true }).where('id', '=', staff.id).execute();
    this.accounts.set('staff', staff);
    this.accounts.set('stranger', await signUp(t));
    await this.ensure();
  }

  token(name: CallerName): string | undefined {
    if (name === 'anonymous') return undefined;
    if (name === 'badToken') return 'not-a-token-of-anyone';
    return this.accounts.get(name)!.token;
  }

  /** Put back what earlier requests removed: sessions, the owner's property and team, records to aim at. */
  async ensure(): Promise<void> {
    const t = this.t;
    const db = t.testDb.db.kysely;
    for (const [name, account] of this.accounts) {
      const user = await db.selectFrom('users').select(['id', 'is_active', 'email']).where('id', '=', account.id).executeTakeFirst();
      if (!user) {
        this.accounts.delete(name);
        continue;
      }
      if (!user.is_active) await db.updateTable('users').set({ is_active: true, deactivated_at: null }).where('id', '=', account.id).execute();
      if (user.email !== account.email) account.email = user.email;
      const session = await db.selectFrom('auth_tokens').select('id').where('token_hash', '=', sha256(account.token)).where('expires_at', '>', t.clock.now().toISOString()).executeTakeFirst();
      if (!session) {
        // Signed out by a fuzzed call (or the password changed): a new session with the known password.
        await db.updateTable('users').set({ password_hash: this.passwordHash }).where('id', '=', account.id).execute();
        await db.deleteFrom('login_throttle').execute();
        await db.deleteFrom('two_factor').where('user_id', '=', account.id).execute();
        account.token = await signIn(t, account.email, PASSWORD);
      }
    }
    const owner = this.accounts.get('owner');
    if (!owner) throw new Error('the owner was deleted: the fuzz world cannot go on');
    const has = async (id: number, account: number) => !!(id && (await db.selectFrom('properties').select('id').where('id', '=', id).where('account_id', '=', account).executeTakeFirst()));
    if (!(await has(this.hotel, owner.id))) {
      this.hotel = (await createProperty(t, owner.token, { hotel_name: 'Fuzz Hotel' })).id;
      this.ids.add(this.hotel);
      await t.api('POST', `/api/facts/rooms/update/${this.hotel}/`, { token: owner.token, body: [{ id: 0, room_name: 'Fuzz room', room_name_type: 'double room', room_view: 'Sea view' }] });
      await t.api('POST', `/api/facts/facility/bars/update/${this.hotel}/`, { token: owner.token, body: [{ id: 0, bar_name: 'Fuzz bar' }] });
    }
    const stranger = this.accounts.get('stranger');
    if (stranger && !(await has(this.strangerHotel, stranger.id))) {
      this.strangerHotel = (await createProperty(t, stranger.token, { hotel_name: 'Stranger Hotel' })).id;
      this.ids.add(this.strangerHotel);
    }
    for (const [name, flags] of [['subNone', {}], ['subAll', allFlags()]] as const) {
      if (this.accounts.has(name)) continue;
      const sub = await signUp(t, { manager: owner.id, managerToken: owner.token });
      await t.api('POST', '/api/auth/permissions/create/', { token: owner.token, body: { user: sub.id, ...flags, properties_allowed: [this.hotel] } });
      this.accounts.set(name, sub);
    }
    // Every id the database holds is a good target (rows, photos, contacts, users, sessions...).
    if (this.ids.size < 200) {
      for (const table of ['users', 'properties', 'fact_rows', 'photos', 'mailing_lists', 'mailing_contacts', 'permissions', 'auth_tokens', 'notifications'] as const) {
        const rows = await db.selectFrom(table).select('id').orderBy('id', 'desc').limit(20).execute();
        for (const r of rows) this.ids.add(r.id);
      }
    }
  }

  /** The photo, room and contact ids worth aiming at are in `ids`; a photo is added when none is left. */
  async ensurePhoto(): Promise<void> {
    const db = this.t.testDb.db.kysely;
    if (await db.selectFrom('photos').select('id').where('property_id', '=', this.hotel).executeTakeFirst()) return;
    const owner = this.accounts.get('owner')!;
    const { multipart } = await import('../../helpers/multipart.js');
    const form = multipart([{ name: 'imagesArray', value: this.png, filename: 'fuzz.png', contentType: 'image/png' }]);
    const res = await this.t.app.inject({ method: 'POST', url: `/api/facts/property/${this.hotel}/gallery/create/`, headers: { ...form.headers, authorization: `Token ${owner.token}` }, payload: form.body });
    for (const p of res.statusCode === 201 ? res.json<{ id: number }[]>() : []) this.ids.add(p.id);
  }
}

function allFlags(): Record<string, boolean> {
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, true]));
}
