/**
 * The authorization matrix, generated from the route table: every route of
 * src/shared/generated/schema-bundle.json is called by seven callers and the answer must be the
 * one its declaration (access, accountType, permission, property) implies. A route without a
 * fixture below fails, so a new route cannot ship without being checked here.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bundle from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import { PERMISSION_FLAGS, type RouteDef, type SchemaBundle } from '../../../src/shared/bundle-types.js';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty, sendForm } from '../../helpers/properties.js';
import type { Part } from '../../helpers/multipart.js';
import { companyParts, png } from '../../helpers/fixtures/team-and-company.js';
import { randomToken, sha256 } from '../../../src/server/features/auth/secrets.js';
import { writePublication } from '../../../src/server/features/publications/store.js';
import { photoUrlSigner } from '../../../src/server/features/photos/signed-urls.js';

const routes = (bundle as unknown as SchemaBundle).routes;

// ---------------------------------------------------------------------------------------------
// The callers and the rules
// ---------------------------------------------------------------------------------------------

const CALLERS = [
  'anonymous',
  'owner',
  'subWithFlag',
  'subWithoutFlag',
  'subNotProperty',
  'otherSameType',
  'otherType',
] as const;
type Who = (typeof CALLERS)[number];

/**
 * What a call names, besides what the route declares:
 * - property: the owner's property, or a record of it (a room, a photo);
 * - account: a record of the owner's account any member may reach (a mailing group, a contact);
 * - team: a record only the owner may see (a team member, its permissions);
 * - own: a record of the caller itself (its session);
 * - public: a record every signed-in user may see (a portfolio).
 */
type Ref = 'property' | 'account' | 'team' | 'own' | 'public';

type Expected = 'allowed' | 401 | 403 | 404;

/** The rule set: the answer a caller must get, from the route's declaration and what the call names. */
function expected(route: RouteDef, refs: readonly Ref[], who: Who, homeType: 'accommodation' | 'to'): Expected {
  if (route.access === 'public') return 'allowed';
  // The partner API takes an API key, never a session token: every caller here has only a token.
  if (route.access === 'apiKey') return 401;
  if (who === 'anonymous') return 401;
  // Nobody in the matrix is Ananas staff.
  if (route.access === 'staff') return 403;
  const sub = who === 'subWithFlag' || who === 'subWithoutFlag' || who === 'subNotProperty';
  if (route.access === 'manager' && sub) return 403;
  const callerType = who === 'otherType' ? (homeType === 'accommodation' ? 'to' : 'accommodation') : homeType;
  if (route.accountType && route.accountType !== callerType) return 403;
  if (route.permission && who === 'subWithoutFlag') return 403;
  const outsider = who === 'otherSameType' || who === 'otherType';
  if (outsider && refs.some((r) => r === 'property' || r === 'account' || r === 'team')) return 404;
  if (sub && refs.includes('team')) return 404;
  if (who === 'subNotProperty' && (route.property || refs.includes('property'))) return 404;
  return 'allowed';
}

function meets(status: number, want: Expected): boolean {
  // Allowed: past every check of who may call (whatever the handler then says: 200, 400, 409...).
  if (want === 'allowed') return status < 500 && ![401, 403, 404].includes(status);
  return status === want;
}

// ---------------------------------------------------------------------------------------------
// The world: an owner with its team and records, and two outsiders
// ---------------------------------------------------------------------------------------------

const ALL_FLAGS = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, true]));
let unique = 0;
const fresh = (prefix: string) => `${prefix}-${++unique}-${Math.random().toString(36).slice(2, 7)}`;

interface Call {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  /** multipart/form-data parts instead of a JSON body */
  form?: Part[];
  /** Call with this token instead of the caller's (a session the call may end). */
  token?: string;
  /** Extra request headers (the widget's public call states the embedding page's Origin). */
  headers?: Record<string, string>;
}

class World {
  accounts = {} as Record<Exclude<Who, 'anonymous'>, Account>;
  property = 0;
  otherProperty = 0;
  target = { id: 0, permissionId: 0 };
  mailingList = 0;
  contact = { id: 0, email: '' };
  #photo?: Promise<number>;
  #send?: Promise<number>;

  constructor(
    readonly t: TestApp,
    readonly type: 'accommodation' | 'to',
  ) {}

  get owner(): Account {
    return this.accounts.owner;
  }

  async build(): Promise<this> {
    const { t } = this;
    const owner = await signUp(t, { account_type: this.type });
    this.accounts.owner = owner;
    this.accounts.otherSameType = await signUp(t, { account_type: this.type });
    this.accounts.otherType = await signUp(t, { account_type: this.type === 'accommodation' ? 'to' : 'accommodation' });
    if (this.type === 'accommodation') {
      this.property = (
        await createProperty(t, owner.token, { hotel_name: 'Matrix hotel' }, [
          { name: 'hotel_logo', value: await png(), filename: 'logo.png', contentType: 'image/png' },
        ])
      ).id;
      this.otherProperty = (await createProperty(t, owner.token, { hotel_name: 'Other hotel' })).id;
    }
    const scope = (ids: number[]) => (this.type === 'accommodation' ? ids : []);
    this.accounts.subWithFlag = await this.#sub({ ...ALL_FLAGS, properties_allowed: scope([this.property]) });
    this.accounts.subWithoutFlag = await this.#sub({ properties_allowed: scope([this.property]) });
    this.accounts.subNotProperty = await this.#sub({ ...ALL_FLAGS, properties_allowed: scope([this.otherProperty]) });
    const targetId = await this.freshMember();
    const perms = await t.api('POST', '/api/auth/permissions/create/', {
      token: owner.token,
      body: { user: targetId },
    });
    this.target = { id: targetId, permissionId: perms.json<{ id: number }>().id };
    // The trail is shared with the team, so authorized users may read it (the rule the route declares).
    expect(
      (await t.api('POST', '/api/settings/preferences/create/', { token: owner.token, body: { audit_trail: true } }))
        .statusCode,
    ).toBe(201);
    const company = await sendForm(
      t,
      'POST',
      '/api/settings/company/create/',
      owner.token,
      companyParts({ company: 'Matrix Ltd', country: 'ES' }, [
        { name: 'logo', value: await png(), filename: 'logo.png', contentType: 'image/png' },
      ]),
    );
    expect(company.statusCode, company.body).toBe(201);
    this.mailingList = await this.freshList();
    this.contact = await this.freshContact();
    return this;
  }

  async #sub(permissions: Record<string, unknown>): Promise<Account> {
    const sub = await signUp(this.t, {
      account_type: this.type,
      manager: this.owner.id,
      managerToken: this.owner.token,
    });
    const res = await this.t.api('POST', '/api/auth/permissions/create/', {
      token: this.owner.token,
      body: { user: sub.id, ...permissions },
    });
    expect(res.statusCode, res.body).toBe(201);
    return sub;
  }

  /** A new property of the owner that the two sub-users "with the property" are allowed; not the third. */
  async freshProperty(): Promise<number> {
    const id = (await createProperty(this.t, this.owner.token, { hotel_name: fresh('Hotel') })).id;
    for (const who of ['subWithFlag', 'subWithoutFlag'] as const) {
      // As the permissions editor does: read, add the property, save.
      const current = (
        await this.t.api('GET', `/api/auth/permissions/${this.accounts[who].id}/`, { token: this.owner.token })
      ).json<Record<string, unknown> & { id: number; properties_allowed: number[] }>();
      const res = await this.t.api('PUT', `/api/auth/permissions/update/${current.id}/`, {
        token: this.owner.token,
        body: { ...current, properties_allowed: [...current.properties_allowed, id] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  }

  async freshRoom(): Promise<number> {
    const res = await this.t.api('POST', `/api/facts/rooms/update/${this.property}/`, {
      token: this.owner.token,
      body: [{ id: 0, room_name: fresh('Room'), room_name_type: 'double room', room_view: 'Sea view' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }[]>()[0]!.id;
  }

  /** An invited (pending) member of the owner's team. */
  async freshMember(): Promise<number> {
    const res = await this.t.api('POST', '/api/auth/authorized-user/invite/', {
      token: this.owner.token,
      body: { email: `${fresh('member')}@example.com`, first_name: 'M', last_name: 'X' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  async freshList(): Promise<number> {
    const res = await this.t.api('POST', '/api/settings/mailing-list/create/', {
      token: this.owner.token,
      body: { name: fresh('Group') },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  async freshContact(): Promise<{ id: number; email: string }> {
    const email = `${fresh('contact')}@example.com`;
    const res = await this.t.api('POST', '/api/settings/contact-list/create/', {
      token: this.owner.token,
      body: { mailing_list: this.mailingList, name: 'C', email_address: email },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json<{ id: number }>().id, email };
  }

  async freshPhoto(): Promise<number> {
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .toBuffer();
    const res = await sendForm(
      this.t,
      'POST',
      `/api/facts/property/${this.property}/gallery/create/`,
      this.owner.token,
      [{ name: 'imagesArray', value: image, filename: 'p.jpg', contentType: 'image/jpeg' }],
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }[]>()[0]!.id;
  }

  /** A send of the property's photos to the world's group (the owner's; not run). */
  send(): Promise<number> {
    this.#send ??= (async () => {
      await this.photo();
      const res = await this.t.api('GET', `/api/facts/send-photos/${this.mailingList}/acc/${this.property}`, {
        token: this.owner.token,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    })();
    return this.#send;
  }

  /** A mailed photo link of the property, as a photo send makes one. */
  async photoLink(): Promise<string> {
    await this.photo();
    const token = randomToken();
    const now = this.t.clock.now();
    await this.t.services.db.kysely
      .insertInto('export_links')
      .values({
        token_hash: sha256(token),
        account_id: this.owner.id,
        property_id: this.property,
        send_id: null,
        delivery_id: null,
        kind: 'photos',
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
        downloads: 0,
        last_download_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    return token;
  }

  /** One photo of the property, uploaded when a route first needs it. */
  photo(): Promise<number> {
    this.#photo ??= this.freshPhoto();
    return this.#photo;
  }

  /** A second session of the caller, which the call may end without signing the caller out. */
  async freshSession(a: Account): Promise<{ token: string; id: number }> {
    const token = await signIn(this.t, a.email);
    const list = await this.t.api('GET', '/api/auth/sessions/', { token });
    return { token, id: list.json<{ id: number; current: boolean }[]>().find((s) => s.current)!.id };
  }
}

// Partners and contracts: a tour operator outside the matrix's callers to contract with, and
// contracts of the owner's account with it (a pending proposal; a fresh draft per call).
const partnerOf = new WeakMap<World, Promise<Account>>();
const proposalOf = new WeakMap<World, Promise<number>>();
function matrixPartner(w: World): Promise<Account> {
  if (!partnerOf.has(w)) partnerOf.set(w, signUp(w.t, { account_type: 'to' }));
  return partnerOf.get(w)!;
}
async function ownerContract(w: World, partner: Account, status: 'P' | 'D'): Promise<number> {
  const res = await w.t.api('POST', '/api/partners/contract/create/', {
    token: w.owner.token,
    body: { partner: partner.id, status },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
function matrixProposal(w: World): Promise<number> {
  if (!proposalOf.has(w))
    proposalOf.set(
      w,
      matrixPartner(w).then((p) => ownerContract(w, p, 'P')),
    );
  return proposalOf.get(w)!;
}
const freshDraft = async (w: World): Promise<number> =>
  ownerContract(w, await signUp(w.t, { account_type: 'to' }), 'D');

// The operator workspace. In the tour-operator world: a hotel outside the callers whose property
// the world's owner reaches by an accepted contract (with a photo). In the hotel world: an
// operator whose contract lets it override only with the hotel's approval, and its pending change.
const contractedOf = new WeakMap<World, Promise<{ property: number; photo: number }>>();
function contracted(w: World): Promise<{ property: number; photo: number }> {
  if (!contractedOf.has(w)) {
    contractedOf.set(
      w,
      (async () => {
        const hotel = await signUp(w.t, { account_type: 'accommodation' });
        const property = (await createProperty(w.t, hotel.token, { hotel_name: fresh('Contracted') })).id;
        const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#d53a7b' } })
          .jpeg()
          .toBuffer();
        const up = await sendForm(w.t, 'POST', `/api/facts/property/${property}/gallery/create/`, hotel.token, [
          { name: 'imagesArray', value: image, filename: 'p.jpg', contentType: 'image/jpeg' },
        ]);
        expect(up.statusCode, up.body).toBe(201);
        const proposal = await w.t.api('POST', '/api/partners/contract/create/', {
          token: hotel.token,
          body: { partner: w.owner.id },
        });
        expect(proposal.statusCode, proposal.body).toBe(201);
        const accept = await w.t.api('PUT', `/api/partners/contract/edit/${proposal.json<{ id: number }>().id}/`, {
          token: w.owner.token,
          body: { status: 'A' },
        });
        expect(accept.statusCode, accept.body).toBe(200);
        return { property, photo: up.json<{ id: number }[]>()[0]!.id };
      })(),
    );
  }
  return contractedOf.get(w)!;
}
const pendingOverrideOf = new WeakMap<World, Promise<{ id: number; operator: number; token: string }>>();
function pendingOverride(w: World): Promise<{ id: number; operator: number; token: string }> {
  if (!pendingOverrideOf.has(w)) {
    pendingOverrideOf.set(
      w,
      (async () => {
        const operator = await signUp(w.t, { account_type: 'to' });
        const proposal = await w.t.api('POST', '/api/partners/contract/create/', {
          token: operator.token,
          body: { partner: w.owner.id, to_edit_facts: 'O', to_select_photos: 'E' },
        });
        expect(proposal.statusCode, proposal.body).toBe(201);
        expect(
          (
            await w.t.api('PUT', `/api/partners/contract/edit/${proposal.json<{ id: number }>().id}/`, {
              token: w.owner.token,
              body: { status: 'A' },
            })
          ).statusCode,
        ).toBe(200);
        expect(
          (
            await w.t.api('PUT', '/api/settings/preferences/edit/', {
              token: w.owner.token,
              body: { partner_override_facts: true },
            })
          ).statusCode,
        ).toBe(200);
        const res = await w.t.api('POST', '/api/partners/override-facts/create/', {
          token: operator.token,
          body: { hotel: w.property, data: { hotel_name: 'Matrix override' } },
        });
        expect(res.statusCode, res.body).toBe(201);
        return {
          id: res.json<{ overrides: { id: number }[] }>().overrides[0]!.id,
          operator: operator.id,
          token: operator.token,
        };
      })(),
    );
  }
  return pendingOverrideOf.get(w)!;
}
/** An own photo of a tour operator: the world's owner's of its contracted property, or the hotel world's partner's of the world's property. */
async function ownPhoto(t: TestApp, token: string, property: number): Promise<number> {
  const image = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#7bd53a' } })
    .jpeg()
    .toBuffer();
  const res = await sendForm(t, 'POST', `/api/partners/fact-sheet/${property}/own-photos/`, token, [
    { name: 'imagesArray', value: image, filename: 'own.jpg', contentType: 'image/jpeg' },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }[]>()[0]!.id;
}
const ownPhotoOf = new WeakMap<World, Promise<number>>();
function worldOwnPhoto(w: World): Promise<number> {
  if (!ownPhotoOf.has(w))
    ownPhotoOf.set(
      w,
      w.type === 'to'
        ? contracted(w).then((c) => ownPhoto(w.t, w.owner.token, c.property))
        : pendingOverride(w).then((o) => ownPhoto(w.t, o.token, w.property)),
    );
  return ownPhotoOf.get(w)!;
}
/** A certificate document of the owner's property (sustainability), uploaded once per world. */
const certificateDocOf = new WeakMap<World, Promise<number>>();
function worldCertificateDoc(w: World): Promise<number> {
  if (!certificateDocOf.has(w))
    certificateDocOf.set(
      w,
      sendForm(w.t, 'POST', `/api/facts/sustainability/certificate-documents/${w.property}/`, w.owner.token, [
        { name: 'file', value: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), filename: 'c.pdf' },
      ]).then((res) => {
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ id: number }>().id;
      }),
    );
  return certificateDocOf.get(w)!;
}
/** A signed URL's query for one file (photos/signed-urls.ts): what the answers that list photos give. */
async function signedQuery(w: World, table: 'photos' | 'operator_photos', id: number): Promise<string> {
  const row = await w.t.services.db.kysely
    .selectFrom(table)
    .select('thumbnail_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const url = photoUrlSigner(w.t.services).url(
    table === 'photos' ? 'photo' : 'partner-photo',
    { id, key: row.thumbnail_key },
    'thumbnail',
  );
  return url.slice(url.indexOf('?'));
}
/** A publication of a property (written directly: the world's facts are not complete enough to publish), once per world and property. */
const publicationOf = new WeakMap<World, Map<number, Promise<number>>>();
function publicationIn(w: World, property: number): Promise<number> {
  const mine = publicationOf.get(w) ?? new Map<number, Promise<number>>();
  publicationOf.set(w, mine);
  if (!mine.has(property)) {
    const now = w.t.clock.now().toISOString();
    mine.set(
      property,
      w.t.services.db.kysely
        .transaction()
        .execute((trx) => writePublication(trx, property, null, now, 40, w.t.services.schemas))
        .then((p) => p.number),
    );
  }
  return mine.get(property)!;
}
/** The operator's contracted property, published once. */
const onContractedPublication = (call: (c: { property: number; number: number }) => Call): Fixture => ({
  refs: ['account'],
  call: async (w) => {
    const c = await contracted(w);
    return call({ property: c.property, number: await publicationIn(w, c.property) });
  },
});
/** The world's property, published once. */
const onPublication = (call: (p: { property: number; number: number }) => Call): Fixture => ({
  refs: ['property'],
  call: async (w) => call({ property: w.property, number: await publicationIn(w, w.property) }),
});
const onContracted = (call: (c: { property: number; photo: number }) => Call): Fixture => ({
  refs: ['account'],
  call: async (w) => call(await contracted(w)),
});
/** An export of the tour-operator world's owner (its contracted hotel's facts as JSON). */
const exportOf = new WeakMap<World, Promise<number>>();
function worldExport(w: World): Promise<number> {
  if (!exportOf.has(w)) {
    exportOf.set(
      w,
      contracted(w).then(async (c) => {
        const res = await w.t.api('POST', '/api/tour-operator/exports/', {
          token: w.owner.token,
          body: { hotels: [c.property], contents: ['json'] },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ id: number }>().id;
      }),
    );
  }
  return exportOf.get(w)!;
}
const onExport: Fixture = { refs: ['account'], call: async (w) => ({ params: { id: await worldExport(w) } }) };
/** A finished bulk edit of the hotel world's owner over its property (the operator world's calls are refused by type first). */
const batchOf = new WeakMap<World, Promise<number>>();
function worldBatch(w: World): Promise<number> {
  if (w.type === 'to') return Promise.resolve(1);
  if (!batchOf.has(w)) {
    batchOf.set(
      w,
      (async () => {
        const res = await w.t.api('POST', '/api/facts/bulk-edit/', {
          token: w.owner.token,
          body: { section: 'main-info', values: { check_in_time: '14:00' }, properties: [w.property] },
        });
        expect(res.statusCode, res.body).toBe(202);
        await w.t.services.jobs.runDue();
        return res.json<{ id: number }>().id;
      })(),
    );
  }
  return batchOf.get(w)!;
}
const onBatch: Fixture = { refs: ['property'], call: async (w) => ({ params: { id: await worldBatch(w) } }) };
const bulkBody = (w: World) => ({
  body: { section: 'main-info', values: { check_in_time: '14:00' }, properties: [w.property] },
});

// Developer tools: a whitelist entry and an API key of the world's owner (fresh ones for deletes).
async function devWhitelist(w: World): Promise<number> {
  const res = await w.t.api('POST', '/api/settings/whitelist/create/', {
    token: w.owner.token,
    body: { name: fresh('List'), domain: '127.0.0.1' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
async function devKey(w: World): Promise<number> {
  const res = await w.t.api('POST', '/api/settings/api-key/create/', {
    token: w.owner.token,
    body: { title: fresh('Key'), domain: await devWhitelist(w) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

// The widget: the world's property gets one, published, embeddable on one origin.
const WIDGET_ORIGIN = 'https://matrix-hotel.example';
const widgetOf = new WeakMap<World, Promise<string>>();
function worldWidget(w: World): Promise<string> {
  if (!widgetOf.has(w)) {
    widgetOf.set(
      w,
      (async () => {
        // The create row may have made it already (409 then): the token is read back either way.
        const made = await w.t.api('POST', '/api/settings/widget/create/', {
          token: w.owner.token,
          body: { hotel: w.property },
        });
        expect([201, 409], made.body).toContain(made.statusCode);
        const res = await w.t.api('GET', `/api/settings/widget/${w.property}/`, { token: w.owner.token });
        await w.t.api('POST', '/api/settings/whitelist/create/', {
          token: w.owner.token,
          body: { name: fresh('Site'), domain: WIDGET_ORIGIN },
        });
        const now = w.t.clock.now().toISOString();
        await w.t.services.db.kysely
          .transaction()
          .execute((trx) =>
            writePublication(trx, w.property, w.owner.id, now, 40, w.t.services.schemas).then(() => undefined),
          );
        return res.json<{ token: string }>().token;
      })(),
    );
  }
  return widgetOf.get(w)!;
}

async function devWebhook(w: World): Promise<number> {
  const res = await w.t.api('POST', '/api/settings/webhook/create/', {
    token: w.owner.token,
    body: { url: 'https://hooks.example/ananas', events: ['facts.updated'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
/** A delivery of a webhook of the owner (recorded directly: no event needs to happen). */
async function devDelivery(w: World): Promise<number> {
  const endpoint = await devWebhook(w);
  const row = await w.t.services.db.kysely
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpoint,
      account_id: w.owner.id,
      property_id: null,
      event: 'facts.updated',
      message_id: fresh('msg'),
      payload: '{}',
      status: 'failed',
      attempts: 1,
      created_at: w.t.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// One fixture per route: what the call names (refs) and how to make it
// ---------------------------------------------------------------------------------------------

interface Fixture {
  refs: Ref[];
  call?: (w: World, as: Account | undefined) => Call | Promise<Call>;
}

const none: Fixture = { refs: [] };
const onProperty = (name: string): Fixture => ({
  refs: ['property'],
  call: (w) => ({ params: { [name]: w.property } }),
});
/** A fact section's create: the property is in the body, so the body must be valid to reach the scope check. */
const factCreate: Fixture = { refs: ['property'], call: (w) => ({ body: { hotel: w.property } }) };
const factUpdate: Fixture = {
  refs: ['property'],
  call: (w) => ({ params: { id: w.property }, body: { hotel: w.property, version: 1 } }),
};
const rowsSave = (name: string): Fixture => ({
  refs: ['property'],
  call: (w) => ({ params: { [name]: w.property }, body: [] }),
});
const wrongPassword = { current_password: 'Not-The-Password-1' };

/** The owner's property has a rooms revision (a save of an empty list): answers the latest one. */
async function roomsRevision(w: World): Promise<number> {
  const saved = await w.t.api('POST', `/api/facts/rooms/update/${w.property}/`, { token: w.owner.token, body: [] });
  expect(saved.statusCode, saved.body).toBe(200);
  const history = await w.t.api('GET', `/api/facts/history/${w.property}/room/`, { token: w.owner.token });
  return history.json<{ current_revision: number }>().current_revision;
}

const FIXTURES: Record<string, Fixture> = {
  // Accounts and sessions
  authTokenLogin: { refs: [], call: () => ({ body: {} }) },
  authTokenLogout: {
    refs: ['own'],
    call: async (w, as) => ({ token: as ? (await w.freshSession(as)).token : undefined }),
  },
  authCheckToken: none,
  authUsersMe: none,
  authRegister: { refs: [], call: () => ({ body: {} }) },
  authProfileUpdate: { refs: [], call: () => ({ body: { title: 'Matrix tester' } }) },
  authResetPassword: { refs: [], call: () => ({ body: { email: 'nobody@example.com' } }) },
  authResetPasswordConfirm: { refs: [], call: () => ({ body: {} }) },
  authSetPassword: {
    refs: [],
    call: () => ({
      body: { ...wrongPassword, new_password: 'Brand-New-Horse-7', re_new_password: 'Brand-New-Horse-7' },
    }),
  },
  authSetEmail: {
    refs: [],
    call: () => ({ body: { ...wrongPassword, new_email: 'x@example.com', re_new_email: 'x@example.com' } }),
  },
  authActivation: { refs: [], call: () => ({ body: {} }) },
  authResendActivation: { refs: [], call: () => ({ body: { email: 'nobody@example.com' } }) },
  authCompanyNameTaken: { refs: [], call: () => ({ body: { company: 'Nobody Hotels' } }) },
  authDeactivate: { refs: [], call: () => ({ body: wrongPassword }) },
  // Team and permissions
  authPermissionsGet: { refs: ['team'], call: (w) => ({ params: { userId: w.owner.id } }) },
  authPermissionsCreate: { refs: ['team'], call: async (w) => ({ body: { user: await w.freshMember() } }) },
  authPermissionsUpdate: {
    refs: ['team'],
    call: (w) => ({ params: { id: w.target.permissionId }, body: { user: w.target.id } }),
  },
  authAuthorizedUsersList: none,
  authAuthorizedUserGet: { refs: ['team'], call: (w) => ({ params: { id: w.target.id } }) },
  authAuthorizedUserInvite: {
    refs: [],
    call: () => ({ body: { email: `${fresh('invitee')}@example.com`, first_name: 'I', last_name: 'N' } }),
  },
  authAuthorizedUserUpdate: { refs: ['team'], call: (w) => ({ body: { id: w.target.id, title: 'Matrix' } }) },
  authAuthorizedUserDelete: { refs: ['team'], call: async (w) => ({ params: { id: await w.freshMember() } }) },
  authInvitationAccept: { refs: [], call: () => ({ body: {} }) },
  // Security
  authSessionsList: none,
  authSessionDelete: {
    refs: ['own'],
    call: async (w, as) => ({ params: { id: as ? (await w.freshSession(as)).id : 1 } }),
  },
  authTwoFactorStatus: none,
  authTwoFactorEnrol: none,
  authTwoFactorConfirm: { refs: [], call: () => ({ body: { code: '000000' } }) },
  authTwoFactorDisable: { refs: [], call: () => ({ body: wrongPassword }) },
  // Two-factor sign-in is off for every caller: 409 past every check of who may call.
  authTwoFactorRecoveryCodes: none,
  authStepUpStatus: none,
  // Without a proof: 400 before any counting, so the matrix never bans its own accounts.
  authStepUp: { refs: [], call: () => ({ body: {} }) },
  // Notifications and reference data
  notificationsList: none,
  notificationsEdit: { refs: [], call: () => ({ body: [{ id: 999999, action: 'read' }] }) },
  notificationsDeleteAll: none,
  notificationsStreamTicket: none,
  // The test apps hold no stream open (NOTIFY_STREAM_SECONDS=0): the state is answered and the stream ends.
  notificationsStream: none,
  reportsOperatorNumber: none,
  reportsAccommodationNumber: none,
  reportsOperatorFeed: none,
  reportsReportData: none,
  reportsOperatorReportData: none,
  reportsNextSteps: none,
  reportsOperatorNextSteps: none,
  announcementGet: none,
  featureUpdatesList: none,
  featureUpdatesCreate: { refs: [], call: () => ({ body: {} }) },
  countriesList: none,
  statesList: { refs: [], call: () => ({ params: { country: 'ES' } }) },
  citiesList: { refs: [], call: () => ({ params: { countryCode: 'ES', stateCode: 'PM' } }) },
  currenciesList: none,
  optionsList: { refs: [], call: () => ({ body: { head: 'Facts' } }) },
  // Properties
  propertiesList: none,
  propertyCreate: {
    refs: [],
    call: () => ({
      form: [
        { name: 'hotel_name', value: fresh('Hotel') },
        { name: 'country', value: 'ES' },
      ],
    }),
  },
  propertyUpdate: {
    refs: ['property'],
    call: (w) => ({
      params: { id: w.property },
      form: [
        { name: 'hotel_name', value: 'Matrix hotel' },
        { name: 'country', value: 'ES' },
      ],
    }),
  },
  propertyDelete: { refs: ['property'], call: async (w) => ({ params: { id: await w.freshProperty() } }) },
  propertyLogo: onProperty('id'),
  lastPublishDate: none,
  propertyPublish: onProperty('id'),
  propertyCopy: {
    refs: ['property'],
    call: (w) => ({ params: { id: w.property }, body: { hotel_name: fresh('Copy') } }),
  },
  propertyPortfolio: none,
  bulkEditPreview: { refs: ['property'], call: (w) => bulkBody(w) },
  bulkEditCreate: { refs: ['property'], call: (w) => bulkBody(w) },
  bulkEditList: none,
  bulkEditGet: onBatch,
  bulkEditUndo: onBatch,
  // Facts
  factsGetMainInfo: onProperty('id'),
  factsCreateMainInfo: factCreate,
  factsUpdateMainInfo: factUpdate,
  factsGetEntertainment: onProperty('id'),
  factsCreateEntertainment: factCreate,
  factsUpdateEntertainment: factUpdate,
  factsGetLocation: onProperty('id'),
  factsCreateLocation: factCreate,
  factsUpdateLocation: factUpdate,
  factsGetFacility: onProperty('id'),
  factsCreateFacility: factCreate,
  factsUpdateFacility: factUpdate,
  factsGetFood: onProperty('hotelId'),
  factsCreateFood: factCreate,
  factsUpdateFood: factUpdate,
  factsGetAllInclusive: onProperty('hotelId'),
  factsCreateAllInclusive: factCreate,
  factsUpdateAllInclusive: factUpdate,
  factsGetChildren: onProperty('hotelId'),
  factsCreateChildren: factCreate,
  factsUpdateChildren: factUpdate,
  factsGetSportsWellness: onProperty('hotelId'),
  factsCreateSportsWellness: factCreate,
  factsUpdateSportsWellness: factUpdate,
  factsGetAccessibility: onProperty('hotelId'),
  factsCreateAccessibility: factCreate,
  factsUpdateAccessibility: factUpdate,
  factsGetSustainability: onProperty('hotelId'),
  factsCreateSustainability: factCreate,
  factsUpdateSustainability: factUpdate,
  factsListCertificate: onProperty('hotel'),
  factsSaveCertificate: rowsSave('hotel'),
  factsUploadCertificateDocument: {
    refs: ['property'],
    call: (w) => ({ params: { hotel: w.property }, form: [{ name: 'note', value: 'no file' }] }),
  },
  factsCertificateDocumentFile: {
    refs: ['property'],
    call: async (w) => ({ params: { id: await worldCertificateDoc(w) } }),
  },
  factsCheckCertificateDocument: {
    refs: ['property'],
    call: async (w) => ({ params: { id: await worldCertificateDoc(w) } }),
  },
  factsListCertificateDocuments: onProperty('hotel'),
  factsGetAdditional: onProperty('hotel'),
  factsCreateAdditional: factCreate,
  factsUpdateAdditional: factUpdate,
  factsUpdateAdditionalPost: factUpdate,
  factsGetPartner: onProperty('hotel'),
  factsCreatePartner: factCreate,
  factsUpdatePartner: factUpdate,
  factsListRoom: onProperty('hotelId'),
  factsSaveRoom: rowsSave('hotelId'),
  factsDeleteRoom: { refs: ['property'], call: async (w) => ({ params: { roomId: await w.freshRoom() } }) },
  factsListMaintenance: onProperty('hotel'),
  factsSaveMaintenance: rowsSave('hotel'),
  factsListRestaurant: onProperty('hotel'),
  factsSaveRestaurant: rowsSave('hotel'),
  factsListBar: onProperty('hotel'),
  factsSaveBar: rowsSave('hotel'),
  factsInitInfo: onProperty('id'),
  factsCompleteness: onProperty('id'),
  factsFreshness: onProperty('id'),
  factsConfirmSection: {
    refs: ['property'],
    call: (w) => ({ params: { id: w.property }, body: { section: 'main-info' } }),
  },
  factsHistory: { refs: ['property'], call: (w) => ({ params: { id: w.property, section: 'room' } }) },
  factsRevision: {
    refs: ['property'],
    call: async (w) => ({ params: { id: w.property, section: 'room', revision: await roomsRevision(w) } }),
  },
  // A restore that is stale by the time it runs answers 409: still "allowed" (past the permission and scope checks).
  publicationsList: onProperty('id'),
  publicationsCompare: onPublication((p) => ({
    params: { id: p.property },
    query: `?from=${p.number}&to=${p.number}`,
  })),
  publicationSheetPdf: onPublication((p) => ({ params: { id: p.property, number: p.number } })),
  factsRestore: {
    refs: ['property'],
    call: async (w) => ({
      params: { id: w.property, section: 'room', revision: await roomsRevision(w) },
      body: { current_revision: await roomsRevision(w) },
    }),
  },
  // Photos
  galleryCount: none,
  galleryList: onProperty('id'),
  galleryRoomsList: onProperty('id'),
  galleryUpload: {
    refs: ['property'],
    call: (w) => ({ params: { propertyId: w.property }, form: [{ name: 'name', value: 'no file' }] }),
  },
  galleryOrder: {
    refs: ['property'],
    call: async (w) => ({ params: { propertyId: w.property }, body: { order: [await w.photo()] } }),
  },
  galleryImage: {
    refs: ['property'],
    call: async (w) => ({ params: { propertyId: w.property, photoId: await w.photo(), variant: 'thumbnail' } }),
  },
  signedPhotoImage: {
    refs: [],
    call: async (w) => {
      const photoId = await w.photo();
      return { params: { photoId, variant: 'thumbnail' }, query: await signedQuery(w, 'photos', photoId) };
    },
  },
  signedPartnerPhotoImage: {
    refs: [],
    call: async (w) => {
      const photoId = await worldOwnPhoto(w);
      return { params: { photoId, variant: 'thumbnail' }, query: await signedQuery(w, 'operator_photos', photoId) };
    },
  },
  galleryFeaturedImage: {
    refs: ['property'],
    call: async (w) => ({ body: { property: w.property, photo: await w.photo() } }),
  },
  galleryUpdate: {
    refs: ['property'],
    call: async (w) => ({ params: { propertyId: w.property, photoId: await w.photo() }, body: { name: 'Matrix' } }),
  },
  galleryRights: {
    refs: ['property'],
    call: async (w) => ({ params: { propertyId: w.property }, body: { photos: [await w.photo()], credit: 'Matrix' } }),
  },
  galleryDelete: {
    refs: ['property'],
    call: async (w) => ({ params: { propertyId: w.property, photoId: await w.freshPhoto() } }),
  },
  // Settings
  settingsCompanyGet: none,
  settingsCompanyCreate: { refs: [], call: () => ({ form: companyParts({ company: 'Matrix Ltd', country: 'ES' }) }) },
  settingsCompanyEdit: { refs: [], call: () => ({ form: companyParts({ company: 'Matrix Ltd', country: 'ES' }) }) },
  settingsPreferencesGet: none,
  settingsPreferencesCreate: { refs: [], call: () => ({ body: { audit_trail: true } }) },
  settingsPreferencesEdit: { refs: [], call: () => ({ body: { audit_trail: true } }) },
  settingsPreferencesLayoutEdit: {
    refs: [],
    call: () => ({ body: { pdf_layout: '', api_layout: '', add_logo: false } }),
  },
  settingsMailingListsList: none,
  settingsMailingListCreate: { refs: [], call: () => ({ body: { name: fresh('Group') } }) },
  settingsMailingListUpdate: {
    refs: ['account'],
    call: (w) => ({ params: { id: w.mailingList }, body: { name: 'Matrix group' } }),
  },
  settingsMailingListDelete: { refs: ['account'], call: async (w) => ({ params: { id: await w.freshList() } }) },
  settingsContactsList: { refs: ['account'], call: (w) => ({ params: { id: w.mailingList } }) },
  settingsContactCreate: {
    refs: ['account'],
    call: (w) => ({ body: { mailing_list: w.mailingList, name: 'C', email_address: `${fresh('c')}@example.com` } }),
  },
  settingsContactUpdate: {
    refs: ['account'],
    call: (w) => ({
      params: { id: w.contact.id },
      body: { mailing_list: w.mailingList, name: 'C', email_address: w.contact.email },
    }),
  },
  settingsContactDelete: { refs: ['account'], call: async (w) => ({ params: { id: (await w.freshContact()).id } }) },
  settingsPortfolioGet: { refs: ['public'], call: (w) => ({ params: { id: w.owner.id } }) },
  settingsPortfolioLogo: { refs: ['public'], call: (w) => ({ params: { id: w.owner.id } }) },
  settingsPlans: none,
  settingsPremiumRequest: { refs: [], call: () => ({ body: { plan: 'P' } }) },
  settingsPremiumGrant: { refs: ['team'], call: (w) => ({ params: { userId: w.owner.id } }) },
  settingsAuditTrail: { refs: ['property'], call: (w) => ({ query: `?property=${w.property}` }) },
  // Wire fidelity (issue 10): djoser's own profile calls
  authUsersMePut: { refs: [], call: () => ({ body: { title: 'Matrix tester' } }) },
  authUsersMePatch: { refs: [], call: () => ({ body: { title: 'Matrix tester' } }) },
  // Export centre (sends are made by the world's owner and its sub-user; their jobs are not run here)
  exportsDownloadFacts: onProperty('hotel'),
  exportsDownloadPhotos: onProperty('hotel'),
  exportsSendFacts: {
    refs: ['property', 'account'],
    call: (w) => ({ params: { group: w.mailingList, hotel: w.property } }),
  },
  exportsSendPhotos: {
    refs: ['property', 'account'],
    call: (w) => ({ params: { group: w.mailingList, hotel: w.property } }),
  },
  exportsSendsList: { refs: ['property'], call: (w) => ({ query: `?property=${w.property}` }) },
  exportsSendRetry: { refs: ['property'], call: async (w) => ({ params: { id: await w.send() } }) },
  exportsPhotoLink: { refs: [], call: async (w) => ({ params: { token: await w.photoLink() } }) },
  // Partners and contracts
  partnersDirectory: { refs: [], call: () => ({ query: '?page=1', body: {} }) },
  partnersMyPartners: none,
  partnersProperties: { refs: [], call: () => ({ body: {} }) },
  partnersDirectoryProperties: { refs: ['public'], call: (w) => ({ params: { id: w.accounts.otherType.id } }) },
  partnersMyContracts: { refs: [], call: () => ({ body: { type: 'incoming' } }) },
  contractView: { refs: ['account'], call: async (w) => ({ params: { id: await matrixProposal(w) } }) },
  contractCreate: { refs: [], call: async (w) => ({ body: { partner: (await matrixPartner(w)).id } }) },
  contractEdit: {
    refs: ['account'],
    call: async (w) => ({ params: { id: await matrixProposal(w) }, body: { status: 'A' } }),
  },
  contractDelete: { refs: ['account'], call: async (w) => ({ params: { id: await freshDraft(w) } }) },
  contractVersion: {
    refs: ['account'],
    call: async (w) => ({ params: { id: await matrixProposal(w) }, body: { comment: 'matrix' } }),
  },
  // The operator workspace
  operatorFactSheet: onContracted((c) => ({ params: { id: c.property } })),
  operatorFactSheetSeen: onContracted((c) => ({ params: { id: c.property } })),
  operatorFactSheetNextSteps: onContracted((c) => ({ params: { id: c.property } })),
  operatorFactSheetPdf: onContracted((c) => ({ params: { id: c.property } })),
  operatorPublicationsList: onContracted((c) => ({ params: { id: c.property } })),
  operatorPublicationsCompare: onContractedPublication((c) => ({
    params: { id: c.property },
    query: `?from=${c.number}&to=${c.number}`,
  })),
  operatorPublicationPdf: onContractedPublication((c) => ({ params: { id: c.property, number: c.number } })),
  operatorFactSheetPhoto: onContracted((c) => ({ params: { id: c.property, photoId: c.photo, variant: 'thumbnail' } })),
  overrideAllowance: onContracted((c) => ({ body: { hotel: c.property } })),
  overrideGet: onContracted((c) => ({ params: { id: c.property } })),
  overrideCreate: onContracted((c) => ({ body: { hotel: c.property, data: { add_operator_logo: true } } })),
  mappingGet: onContracted((c) => ({ params: { id: c.property } })),
  mappingCreate: onContracted((c) => ({ body: { hotel: c.property, override_code: 'MATRIX-1' } })),
  operatorExportCreate: onContracted((c) => ({ body: { hotels: [c.property], contents: ['json'] } })),
  operatorExportList: none,
  operatorExportGet: onExport,
  operatorExportDownload: onExport,
  operatorExportRetry: onExport,
  overrideReviews: { refs: ['property'], call: (w) => ({ query: `?property=${w.property}` }) },
  overrideDecide: {
    refs: ['property'],
    call: async (w) => ({ params: { id: (await pendingOverride(w)).id }, body: { decision: 'reject' } }),
  },
  operatorOwnPhotoUpload: {
    refs: ['account'],
    call: async (w) => ({
      params: { id: (await contracted(w)).property },
      form: [
        {
          name: 'imagesArray',
          value: await sharp({ create: { width: 16, height: 16, channels: 3, background: '#333' } })
            .jpeg()
            .toBuffer(),
          filename: 'm.jpg',
          contentType: 'image/jpeg',
        },
      ],
    }),
  },
  operatorOwnPhotoDelete: {
    refs: ['account'],
    call: async (w) => ({
      params: {
        id: (await contracted(w)).property,
        photoId: await ownPhoto(w.t, w.owner.token, (await contracted(w)).property),
      },
    }),
  },
  operatorOwnPhotoImage: {
    refs: ['account'],
    call: async (w) => ({
      params: { id: (await contracted(w)).property, photoId: await worldOwnPhoto(w), variant: 'thumbnail' },
    }),
  },
  partnerPhotosList: onProperty('id'),
  partnerPhotoImage: {
    refs: ['property'],
    call: async (w) => ({ params: { id: w.property, photoId: await worldOwnPhoto(w), variant: 'display' } }),
  },
  partnerPhotoDecide: {
    refs: ['property'],
    call: async (w) => ({ params: { id: w.property, photoId: await worldOwnPhoto(w) }, body: { decision: 'reject' } }),
  },
  photoReleasesGet: onProperty('id'),
  whitelistsList: none,
  whitelistCreate: { refs: [], call: () => ({ body: { name: fresh('List'), domain: '10.0.0.0/8' } }) },
  whitelistUpdate: {
    refs: ['account'],
    call: async (w) => ({ params: { id: await devWhitelist(w) }, body: { name: 'Matrix', domain: '10.0.0.1' } }),
  },
  whitelistDelete: { refs: ['account'], call: async (w) => ({ params: { id: await devWhitelist(w) } }) },
  apiKeysList: none,
  apiKeyCreate: { refs: [], call: async (w) => ({ body: { title: fresh('Key'), domain: await devWhitelist(w) } }) },
  apiKeyUpdate: {
    refs: ['account'],
    call: async (w) => ({ params: { id: await devKey(w) }, body: { title: 'Matrix', domain: await devWhitelist(w) } }),
  },
  apiKeyDelete: { refs: ['account'], call: async (w) => ({ params: { id: await devKey(w) } }) },
  reportsApiStatistics: none,
  webhooksList: none,
  webhookCreate: { refs: [], call: () => ({ body: { url: 'https://hooks.example/new', events: ['photos.updated'] } }) },
  webhookUpdate: {
    refs: ['account'],
    call: async (w) => ({
      params: { id: await devWebhook(w) },
      body: { url: 'https://hooks.example/x', events: ['facts.updated'] },
    }),
  },
  webhookDelete: { refs: ['account'], call: async (w) => ({ params: { id: await devWebhook(w) } }) },
  webhookDeliveries: { refs: ['account'], call: async (w) => ({ params: { id: await devWebhook(w) } }) },
  webhookRedeliver: { refs: ['account'], call: async (w) => ({ params: { id: await devDelivery(w) } }) },
  webhookResume: { refs: ['account'], call: async (w) => ({ params: { id: await devWebhook(w) } }) },
  partnerApiProperties: none,
  settingsWidgetGet: onProperty('id'),
  settingsWidgetCreate: { refs: ['property'], call: (w) => ({ body: { hotel: w.property } }) },
  settingsWidgetEdit: {
    refs: ['property'],
    call: async (w) => (await worldWidget(w), { body: { hotel: w.property, font_size: 11 } }),
  },
  widgetPublicContent: {
    refs: [],
    call: async (w) => ({ params: { token: await worldWidget(w) }, headers: { origin: WIDGET_ORIGIN } }),
  },
  widgetPublicPhoto: {
    refs: [],
    call: async (w) => ({ params: { token: await worldWidget(w), photoId: await w.photo() } }),
  },
  partnerApiFacts: { refs: [], call: (w) => ({ params: { id: w.property } }) },
  partnerApiFactsOta: { refs: [], call: (w) => ({ params: { id: w.property } }) },
  partnerApiFactAttributes: {
    refs: [],
    call: (w) => ({ params: { id: w.property }, query: '?profile=google-accessibility' }),
  },
  partnerApiPhotos: { refs: [], call: (w) => ({ params: { id: w.property } }) },
  partnerApiStopSale: {
    refs: [],
    call: (w) => ({ params: { id: w.property }, query: '?from=2026-01-01&to=2026-01-31' }),
  },
  partnerApiStopSaleOta: {
    refs: [],
    call: (w) => ({ params: { id: w.property }, query: '?from=2026-01-01&to=2026-01-31' }),
  },
  partnerApiStopSaleIcal: { refs: [], call: async (w) => ({ params: { id: w.property, room: await w.freshRoom() } }) },
  partnerApiPhotoImage: {
    refs: [],
    call: async (w) => ({ params: { id: w.property, photoId: await w.photo(), variant: 'thumbnail' } }),
  },
  photoReleasesSave: {
    refs: ['property'],
    call: async (w) => ({
      params: { id: w.property },
      body: { operator: (await pendingOverride(w)).operator, photos: [] },
    }),
  },
  // The stop-sale chart: days of a fresh room of the world's property (this month, by the test clock)
  stopSaleMonth: onProperty('hotel'),
  stopSaleSave: {
    refs: ['property'],
    call: async (w) => ({
      body: {
        data: {
          date: stopSaleMonth(w),
          rooms: [
            { id: await w.freshRoom(), events: [{ date: stopSaleMonth(w), color: 2, state: 'create', visible: true }] },
          ],
        },
      },
    }),
  },
  stopSaleCreate: {
    refs: ['property'],
    call: async (w) => ({ body: { room: await w.freshRoom(), date: stopSaleMonth(w), color: 3 } }),
  },
  stopSaleUpdate: {
    refs: ['property'],
    call: async (w) => ({ params: { id: await stopSaleEvent(w) }, body: { color: 1 } }),
  },
  stopSaleDelete: { refs: ['property'], call: async (w) => ({ params: { id: await stopSaleEvent(w) } }) },
  stopSaleRange: {
    refs: ['property'],
    call: async (w) => ({
      body: {
        hotel: w.property,
        rooms: [await w.freshRoom()],
        from: stopSaleMonth(w),
        to: stopSaleMonth(w).replace(/01$/, '10'),
        color: 4,
      },
    }),
  },
  stopSaleCalendarGroups: none,
  stopSalePdf: onProperty('hotel'),
  stopSaleSyncStatus: onProperty('hotel'),
  stopSaleSendMail: {
    refs: ['property', 'account'],
    call: (w) => ({ params: { group: w.mailingList, hotel: w.property } }),
  },
  operatorStopSale: onContracted((c) => ({ params: { id: c.property } })),
  settingsPhotoChannelsGet: none,
  settingsPhotoChannelsEdit: { refs: [], call: () => ({ body: { channels: ['gds'] } }) },
  partnersPropertyPhotoChannels: onProperty('id'),
};

const stopSaleMonth = (w: World): string => `${w.t.clock.now().toISOString().slice(0, 7)}-01`;

/** A day set on a fresh room of the world's property, by its owner. */
async function stopSaleEvent(w: World): Promise<number> {
  const res = await w.t.api('POST', '/api/stop-sale/create/', {
    token: w.owner.token,
    body: { room: await w.freshRoom(), date: stopSaleMonth(w), color: 2 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

// ---------------------------------------------------------------------------------------------

async function send(w: World, route: RouteDef, who: Who, fixture: Fixture): Promise<number> {
  const as = who === 'anonymous' ? undefined : w.accounts[who];
  const call = (await fixture.call?.(w, as)) ?? {};
  let url = `/${route.path}`.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${route.operationId}: the fixture gives no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  url += call.query ?? '';
  const token = call.token ?? as?.token;
  if (call.form) return (await sendForm(w.t, route.method as 'POST' | 'PUT', url, token, call.form)).statusCode;
  const res = await w.t.api(route.method, url, { token, body: call.body, headers: call.headers });
  return res.statusCode;
}

describe('the authorization matrix covers the route table', () => {
  it('has a fixture for every route', () => {
    const missing = routes
      .filter((r) => !FIXTURES[r.operationId])
      .map((r) => `${r.operationId} (${r.method} ${r.path})`);
    expect(missing, 'add a row to FIXTURES in tests/server/settings/authorization-matrix.test.ts').toEqual([]);
  });

  it('names the property wherever a route declares a property scope', () => {
    const unnamed = routes
      .filter((r) => r.property && !FIXTURES[r.operationId]?.refs.includes('property'))
      .map((r) => r.operationId);
    expect(unnamed).toEqual([]);
  });

  it('computes the textbook cases', () => {
    const route = (over: Partial<RouteDef>): RouteDef => ({
      operationId: 'x',
      method: 'GET',
      path: 'api/x/',
      tag: 'x',
      summary: 'x',
      access: 'user',
      permission: null,
      responses: {},
      ...over,
    });
    const facts = route({ permission: 'facts', accountType: 'accommodation', property: { in: 'path', name: 'id' } });
    expect(CALLERS.map((who) => expected(facts, ['property'], who, 'accommodation'))).toEqual([
      401,
      'allowed',
      'allowed',
      403,
      404,
      404,
      403,
    ]);
    const team = route({ access: 'manager' });
    expect(CALLERS.map((who) => expected(team, ['team'], who, 'accommodation'))).toEqual([
      401,
      'allowed',
      403,
      403,
      403,
      404,
      404,
    ]);
    const portfolio = route({});
    expect(CALLERS.map((who) => expected(portfolio, ['public'], who, 'accommodation'))).toEqual([
      401,
      ...Array(6).fill('allowed'),
    ]);
    expect(CALLERS.map((who) => expected(route({ access: 'staff' }), [], who, 'accommodation'))).toEqual([
      401,
      ...Array(6).fill(403),
    ]);
  });
});

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`authorization matrix (${dialect})`, () => {
    let t: TestApp;
    const worlds = new Map<string, Promise<World>>();
    const world = (type: 'accommodation' | 'to') => {
      if (!worlds.has(type)) worlds.set(type, new World(t, type).build());
      return worlds.get(type)!;
    };
    beforeAll(async () => {
      t = await startTestApp(dialect);
      await world('accommodation');
    });
    afterAll(() => t.stop());

    for (const route of routes) {
      it(`${route.method} ${route.path} (${route.access}, ${route.permission ?? 'no flag'}${route.property ? ', property-scoped' : ''})`, async () => {
        const fixture = FIXTURES[route.operationId];
        if (!fixture) throw new Error(`no fixture for ${route.operationId}: add one to FIXTURES`);
        const homeType = route.accountType ?? 'accommodation';
        const w = await world(homeType);
        const wrong: string[] = [];
        for (const who of CALLERS) {
          const want = expected(route, fixture.refs, who, homeType);
          const status = await send(w, route, who, fixture);
          if (!meets(status, want)) wrong.push(`${who}: expected ${want}, got ${status}`);
        }
        expect(wrong).toEqual([]);
      });
    }
  });
}
