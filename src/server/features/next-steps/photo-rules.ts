import type { PropertyNextStepsWire } from '../../../shared/generated/wire-types.js';
import { checkPhotoRules, type RulePhoto } from '../../../shared/photo-rules/check.js';
import { PHOTO_CHANNELS } from '../../../shared/photo-rules/channels.js';
import { describeProblem } from '../../../shared/photo-rules/describe.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { bool } from '../../db/tables.js';
import { translatorOf } from '../../i18n/index.js';
import type { Services } from '../../services.js';
import { namedRoomsOfProperties } from '../facts/index.js';
import { leaving, photosOfProperties, type PhotoRow } from '../photos/index.js';
import type { Translator } from '../../../shared/i18n/translator.js';
import type { Viewer } from './readiness.js';

export type ChannelReadiness = PropertyNextStepsWire['partners'][number]['photo_rules'][number];

/**
 * Per channel of schemas/partner-photo-rules.json (each partner's report takes those of its own
 * channels, next-steps.ts), what its photo rules refuse of each property's
 * gallery (the shared rule function, src/shared/photo-rules/check.ts): an item per refused photo
 * with its reasons and one per count or featured-photo rule broken. Only photos that may leave the
 * account count (rights, photos/rights.ts): a photo held back never reaches a channel. The photos
 * and rooms of all the properties are read at once (two queries for a portfolio, not three per
 * property). Answers each property's channels by its id.
 */
export async function photoRuleReadiness(
  services: Services,
  propertyIds: readonly number[],
  viewer: Viewer,
  lang: Language,
): Promise<Map<number, ChannelReadiness[]>> {
  const db = services.db.kysely;
  const tr = translatorOf(lang);
  const photos = await photosOfProperties(db, propertyIds);
  const rooms = await namedRoomsOfProperties(db, propertyIds);
  return new Map(
    propertyIds.map((id) => [
      id,
      channelsOf(id, leaving(services, photos.get(id) ?? []), rooms.get(id) ?? [], viewer, tr),
    ]),
  );
}

function channelsOf(
  propertyId: number,
  rows: readonly PhotoRow[],
  roomRows: ReadonlyArray<{ id: number; room_name: string | null }>,
  viewer: Viewer,
  tr: Translator,
): ChannelReadiness[] {
  const rooms = roomRows.map((r) => r.id);
  const names = new Map(roomRows.map((r) => [r.id, r.room_name]));
  const photos: RulePhoto[] = rows.map((r) => ({
    id: r.id,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    format: r.format,
    room: r.room_id,
    featured: bool(r.featured),
  }));
  const titles = new Map(rows.map((r) => [r.id, r.name]));
  const link = viewer === 'hotel' ? `/property/${propertyId}/gallery` : null;
  return PHOTO_CHANNELS.map((rules) => {
    const verdict = checkPhotoRules(photos, rooms, rules);
    const item = (problem: string): ChannelReadiness['items'][number] => ({
      kind: 'photo_rules',
      actor: 'hotel',
      section: null,
      message: tr.text('next-steps.item_photo_rule', { channel: rules.name, problem }),
      count: 1,
      link,
    });
    const items = verdict.photos
      .filter((p) => !p.passes)
      .map((p) =>
        item(
          tr.text('photo-rules.photo_fails', {
            photo: `“${titles.get(p.id) ?? tr.text('gallery.photo_fallback', { id: p.id })}”`,
            reasons: p.problems.map((x) => describeProblem(tr, x)).join('; '),
          }),
        ),
      );
    for (const problem of verdict.property) items.push(item(describeProblem(tr, problem)));
    for (const room of verdict.rooms)
      for (const problem of room.problems)
        items.push(
          item(
            describeProblem(tr, problem, names.get(room.room) ?? tr.text('gallery.room_fallback', { id: room.room })),
          ),
        );
    return { channel: rules.key, name: rules.name, ready: items.length === 0, items };
  });
}
