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
export const CALLERS: readonly CallerName[] = [
  'anonymous',
  'badToken',
  'owner',
  'subNone',
  'subAll',
  'operator',
  'staff',
  'stranger',
];

export class World {
  readonly accounts = new Map<CallerName, Account>();
  /** Ids of records by table: the owner's, a stranger's, whatever the requests create. */
  readonly ids = new Map<string, number[]>();
  hotel = 0;
  strangerHotel = 0;
  png: Buffer = Buffer.alloc(0);
  passwordHash = '';

  constructor(readonly t: TestApp) {}

  async setUp(): Promise<void> {
    const t = this.t;
    this.passwordHash = await hashPassword(PASSWORD);
    this.png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f5c400' } })
      .png()
      .toBuffer();
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

  /** Set after an answer that may have changed something (a success): the next `ensure()` looks. */
  dirty = true;

  /**
   * Put back what earlier requests removed: sessions, the owner's property and team, records to
   * aim at. Only after a success: a refused request changed nothing (the suite checks that).
   */
  async ensure(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const t = this.t;
    const db = t.testDb.db.kysely;
    for (const [name, account] of this.accounts) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'is_active', 'email'])
        .where('id', '=', account.id)
        .executeTakeFirst();
      if (!user) {
        this.accounts.delete(name);
        continue;
      }
      if (!user.is_active)
        await db
          .updateTable('users')
          .set({ is_active: true, deactivated_at: null })
          .where('id', '=', account.id)
          .execute();
      if (user.email !== account.email) account.email = user.email;
      const session = await db
        .selectFrom('auth_tokens')
        .select('id')
        .where('token_hash', '=', sha256(account.token))
        .where('expires_at', '>', t.clock.now().toISOString())
        .executeTakeFirst();
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
    const has = async (id: number, account: number) =>
      !!(
        id &&
        (await db
          .selectFrom('properties')
          .select('id')
          .where('id', '=', id)
          .where('account_id', '=', account)
          .executeTakeFirst())
      );
    if (!(await has(this.hotel, owner.id))) {
      this.hotel = (await createProperty(t, owner.token, { hotel_name: 'Fuzz Hotel' })).id;
      await t.api('POST', `/api/facts/rooms/update/${this.hotel}/`, {
        token: owner.token,
        body: [{ id: 0, room_name: 'Fuzz room', room_name_type: 'double room', room_view: 'Sea view' }],
      });
      await t.api('POST', `/api/facts/facility/bars/update/${this.hotel}/`, {
        token: owner.token,
        body: [{ id: 0, bar_name: 'Fuzz bar' }],
      });
      // Every fact section exists once, so updates with the right version get through.
      for (const route of t.services.schemas.bundle.routes) {
        if (route.method === 'POST' && route.property?.in === 'body' && route.property.name === 'hotel') {
          await t.api('POST', `/${route.path}`, { token: owner.token, body: { hotel: this.hotel } });
        }
      }
    }
    if (!(await db.selectFrom('mailing_lists').select('id').where('account_id', '=', owner.id).executeTakeFirst())) {
      const group = await t.api('POST', '/api/settings/mailing-list/create/', {
        token: owner.token,
        body: { name: 'Fuzz group' },
      });
      await t.api('POST', '/api/settings/contact-list/create/', {
        token: owner.token,
        body: {
          mailing_list: group.json<{ id: number }>().id,
          name: 'Fuzz contact',
          email_address: 'fuzz.contact@example.com',
        },
      });
    }
    const stranger = this.accounts.get('stranger');
    if (stranger && !(await has(this.strangerHotel, stranger.id))) {
      this.strangerHotel = (await createProperty(t, stranger.token, { hotel_name: 'Stranger Hotel' })).id;
    }
    for (const [name, flags] of [
      ['subNone', {}],
      ['subAll', allFlags()],
    ] as const) {
      if (this.accounts.has(name)) continue;
      const sub = await signUp(t, { manager: owner.id, managerToken: owner.token });
      await t.api('POST', '/api/auth/permissions/create/', {
        token: owner.token,
        body: { user: sub.id, ...flags, properties_allowed: [this.hotel] },
      });
      this.accounts.set(name, sub);
    }
    // The newest ids of every table are the targets (rows, photos, contacts, users, sessions...).
    for (const table of [
      'users',
      'properties',
      'fact_rows',
      'photos',
      'mailing_lists',
      'mailing_contacts',
      'permissions',
      'auth_tokens',
      'notifications',
    ] as const) {
      const rows = await db.selectFrom(table).select('id').orderBy('id', 'desc').limit(12).execute();
      this.ids.set(
        table,
        rows.map((r) => r.id),
      );
    }
  }

  /** The photo, room and contact ids worth aiming at are in `ids`; a photo is added when none is left. */
  async ensurePhoto(): Promise<void> {
    const db = this.t.testDb.db.kysely;
    if (await db.selectFrom('photos').select('id').where('property_id', '=', this.hotel).executeTakeFirst()) return;
    const owner = this.accounts.get('owner')!;
    const { multipart } = await import('../../helpers/multipart.js');
    const form = multipart([{ name: 'imagesArray', value: this.png, filename: 'fuzz.png', contentType: 'image/png' }]);
    const res = await this.t.app.inject({
      method: 'POST',
      url: `/api/facts/property/${this.hotel}/gallery/create/`,
      headers: { ...form.headers, authorization: `Token ${owner.token}` },
      payload: form.body,
    });
    this.ids.set('photos', [
      ...(res.statusCode === 201 ? res.json<{ id: number }[]>().map((p) => p.id) : []),
      ...(this.ids.get('photos') ?? []),
    ]);
  }

  /** An id to aim a field or path value named `name` at: its table's when the name says, else any. */
  idFor(name: string, pick: number): number {
    if (/^(hotel|hotelId|propertyId|property)$/.test(name)) return pick % 4 === 0 ? this.strangerHotel : this.hotel;
    const table = /photo/i.test(name)
      ? 'photos'
      : /room/i.test(name)
        ? 'fact_rows'
        : /^(user|userId|manager)$/.test(name)
          ? 'users'
          : /mailing_list/.test(name)
            ? 'mailing_lists'
            : undefined;
    const all = table ? (this.ids.get(table) ?? []) : [this.hotel, ...[...this.ids.values()].flat()];
    return all.length ? all[pick % all.length]! : 1;
  }

  /** The stored version of a fact section of the owner's property (for updates that should get through). */
  async version(section: string): Promise<number | undefined> {
    const row = await this.t.testDb.db.kysely
      .selectFrom('fact_sections')
      .select('version')
      .where('property_id', '=', this.hotel)
      .where('section', '=', section)
      .executeTakeFirst();
    return row?.version;
  }
}

function allFlags(): Record<string, boolean> {
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, true]));
}
