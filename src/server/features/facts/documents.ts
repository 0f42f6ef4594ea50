import { conflict, fieldError, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit, diffDocuments } from '../audit/index.js';
import { bumpFactsRevision } from '../properties/index.js';
import type { SectionInfo } from './sections.js';
import { recordRevision } from './revisions.js';
import { userCard } from '../auth/index.js';
import { deriveInto, derivationsOf, withoutDerived } from './derived.js';

/** A save that brings back an earlier revision (history restore): recorded as such. */
export interface Restoring {
  from: number;
}

type Doc = Record<string, unknown>;

class ExistsAlready extends Error {}

export async function readSection(services: Services, propertyId: number, key: string) {
  return services.db.kysely
    .selectFrom('fact_sections')
    .selectAll()
    .where('property_id', '=', propertyId)
    .where('section', '=', key)
    .executeTakeFirst();
}

/**
 * The section as its answer: the stored document completed to the schema (every field, in
 * schema order), as JSON text. A section never saved reads as the spec's new section: no id
 * (null), no version (null), every field at its empty value, `hotel` the property.
 */
export async function sectionJson(services: Services, propertyId: number, section: SectionInfo): Promise<string> {
  const row = await readSection(services, propertyId, section.key);
  return row
    ? answerOf(services, section, propertyId, row.data)
    : answerOf(services, section, propertyId, JSON.stringify(neverSaved(services, section, propertyId)));
}

/**
 * A stored document as its answer, complete to the schema; a section with derived facts
 * (x-derived) gets them counted from the lists' rows at every read, whatever was stored.
 */
async function answerOf(services: Services, section: SectionInfo, propertyId: number, data: string): Promise<string> {
  const derivations = derivationsOf(services.schemas).get(section.key);
  if (!derivations) return services.schemas.completeJson(section.ref, data);
  const doc = JSON.parse(data) as Doc;
  const lists = new Map<string, Doc[]>();
  for (const list of new Set(derivations.map((d) => d.list)))
    lists.set(list, await listDocs(services, propertyId, list));
  deriveInto(derivations, doc, (list) => lists.get(list) ?? []);
  return JSON.stringify(services.schemas.complete(section.ref, doc));
}

async function listDocs(services: Services, propertyId: number, kind: string): Promise<Doc[]> {
  const rows = await services.db.kysely
    .selectFrom('fact_rows')
    .select('data')
    .where('property_id', '=', propertyId)
    .where('kind', '=', kind)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => JSON.parse(r.data) as Doc);
}

export function neverSaved(services: Services, section: SectionInfo, propertyId: number): Doc {
  return services.schemas.complete(section.ref, { hotel: propertyId });
}

/** id and hotel first, then the version, then the facts. */
function compose(propertyId: number, version: number, body: Doc): string {
  const { id: _i, hotel: _h, version: _v, ...facts } = body;
  return JSON.stringify({ id: propertyId, hotel: propertyId, version, ...facts });
}

/** Insert version 1 of a section; false when it exists already (or a racing create won). */
async function insertSection(
  services: Services,
  auth: AuthContext,
  ip: string,
  section: SectionInfo,
  propertyId: number,
  body: Doc,
  restoring?: Restoring,
): Promise<string | false> {
  const now = services.clock.now().toISOString();
  const data = compose(propertyId, 1, body);
  const db = services.db.kysely;
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('fact_sections')
        .select('version')
        .where('property_id', '=', propertyId)
        .where('section', '=', section.key)
        .executeTakeFirst();
      if (existing) throw new ExistsAlready();
      await trx
        .insertInto('fact_sections')
        .values({
          property_id: propertyId,
          section: section.key,
          data,
          version: 1,
          updated_at: now,
          updated_by: auth.user.id,
        })
        .execute();
      await bumpFactsRevision(trx, propertyId);
      await recordRevision(trx, auth, now, {
        propertyId,
        section: section.key,
        revision: 1,
        data,
        action: restoring ? 'restore' : 'create',
        restoredFrom: restoring?.from,
      });
      await recordAudit(
        services,
        actorOf(auth, ip),
        {
          kind: 'facts',
          action: restoring ? 'restore' : 'create',
          propertyId,
          subject: section.key,
          summary: restoring
            ? `${section.title} restored from revision ${restoring.from} (version 1)`
            : `${section.title} created`,
          changes: diffDocuments(services.schemas.resolved(section.ref), {}, JSON.parse(data)),
        },
        trx,
      );
    });
  } catch (e) {
    // Exists already, or a create racing another one lost on the primary key. Who made it is
    // looked up after the transaction (SQLite has one connection: no second query inside it).
    if (e instanceof ExistsAlready || (await readSection(services, propertyId, section.key))) return false;
    throw e;
  }
  return services.schemas.completeJson(section.ref, data);
}

export async function createSection(
  services: Services,
  auth: AuthContext,
  ip: string,
  section: SectionInfo,
  sent: Doc,
): Promise<string> {
  const propertyId = sent.hotel as number;
  const body = withoutDerived(services.schemas, section.key, sent);
  const saved = await insertSection(services, auth, ip, section, propertyId, body);
  if (saved === false) {
    throw await staleAnswer(
      services,
      propertyId,
      section,
      `${section.title} was created by someone else meanwhile. Reload it, or keep your values and save again.`,
    );
  }
  return answerOf(services, section, propertyId, saved);
}

async function staleAnswer(
  services: Services,
  propertyId: number,
  section: SectionInfo,
  detail = `${section.title} was changed by someone else since you loaded it. Reload it, or keep your values and save again.`,
) {
  const row = await readSection(services, propertyId, section.key);
  if (!row) return notFound();
  const who = row.updated_by === null ? undefined : await userCard(services.db.kysely, row.updated_by);
  return conflict(detail, {
    current_version: row.version,
    updated_at: row.updated_at,
    updated_by: who
      ? { id: who.id, name: `${who.first_name} ${who.last_name}`.trim() || who.email, email: who.email }
      : null,
  });
}

type Outcome = { saved: string } | 'missing' | 'stale';

async function replaceSection(
  services: Services,
  auth: AuthContext,
  ip: string,
  section: SectionInfo,
  propertyId: number,
  body: Doc,
  version: number | undefined,
  restoring?: Restoring,
): Promise<Outcome> {
  const now = services.clock.now().toISOString();
  return services.db.kysely.transaction().execute(async (trx): Promise<Outcome> => {
    const before = await trx
      .selectFrom('fact_sections')
      .select(['data', 'version', 'updated_at', 'updated_by'])
      .where('property_id', '=', propertyId)
      .where('section', '=', section.key)
      .executeTakeFirst();
    if (!before) return 'missing';
    if (version !== undefined && before.version !== version) return 'stale';
    const data = compose(propertyId, before.version + 1, body);
    // The version in the WHERE makes the check and the write one step: no lost update.
    const result = await trx
      .updateTable('fact_sections')
      .set({ data, version: before.version + 1, updated_at: now, updated_by: auth.user.id })
      .where('property_id', '=', propertyId)
      .where('section', '=', section.key)
      .where('version', '=', before.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return 'stale';
    await bumpFactsRevision(trx, propertyId);
    await recordRevision(trx, auth, now, {
      propertyId,
      section: section.key,
      revision: before.version + 1,
      data,
      action: restoring ? 'restore' : 'update',
      restoredFrom: restoring?.from,
      before: { data: before.data, revision: before.version, at: before.updated_at, by: before.updated_by },
    });
    const changes = diffDocuments(services.schemas.resolved(section.ref), JSON.parse(before.data), JSON.parse(data));
    const summary = restoring
      ? `${section.title} restored from revision ${restoring.from} (version ${before.version + 1})`
      : `${section.title} updated (version ${before.version + 1})`;
    await recordAudit(
      services,
      actorOf(auth, ip),
      { kind: 'facts', action: restoring ? 'restore' : 'update', propertyId, subject: section.key, summary, changes },
      trx,
    );
    return { saved: data };
  });
}

/**
 * Save a section by update. With `version` (what our client always sends) a stale version is
 * refused with 409; without it (null or absent, as the spec's clients send) the save is
 * unconditional. A section that does not exist yet is created (version 1).
 */
export async function updateSection(
  services: Services,
  auth: AuthContext,
  ip: string,
  section: SectionInfo,
  propertyId: number,
  sent: Doc,
  restoring?: Restoring,
): Promise<string> {
  // Derived facts are never stored: a client that still sends a typed count changes nothing.
  const body = withoutDerived(services.schemas, section.key, sent);
  if (body.hotel !== undefined && body.hotel !== propertyId)
    throw fieldError('hotel', 'A section stays with its property.');
  const version = typeof body.version === 'number' ? body.version : undefined;
  // An unconditional save retries when another save slipped in between its read and its write.
  for (let attempt = 0; attempt < 5; attempt++) {
    const outcome = await replaceSection(services, auth, ip, section, propertyId, body, version, restoring);
    if (typeof outcome === 'object') return answerOf(services, section, propertyId, outcome.saved);
    if (outcome === 'missing') {
      const created = await insertSection(services, auth, ip, section, propertyId, body, restoring);
      if (created !== false) return answerOf(services, section, propertyId, created);
    }
    if (outcome === 'stale' && version !== undefined) break;
  }
  throw await staleAnswer(services, propertyId, section);
}
