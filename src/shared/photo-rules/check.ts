import type { PartnerPhotoRulesWire } from '../generated/wire-types';

/** One channel's photo rules (an entry of schemas/partner-photo-rules.json). */
export type PhotoRuleSet = PartnerPhotoRulesWire['channels'][number];

/** What the rules read of a gallery photo: its stored original's size, bytes and format, its room type, featured. */
export interface RulePhoto {
  id: number;
  width: number;
  height: number;
  bytes: number;
  format: string;
  /** The room type (room row) the photo shows, or null. */
  room: number | null;
  featured: boolean;
}

/** A rule one photo breaks, with the limit and the photo's own figure. */
export type PhotoProblem =
  | {
      code: 'min_width' | 'max_width' | 'min_height' | 'max_height' | 'min_long_edge' | 'max_bytes';
      limit: number;
      actual: number;
    }
  | { code: 'format'; limit: readonly string[]; actual: string };

/** A rule the gallery as a whole (or one room type's photos) breaks. */
export interface CountProblem {
  code: 'property_min' | 'property_max' | 'room_type_min' | 'room_type_max' | 'featured';
  limit: number;
  actual: number;
  /** The room type, for the room type rules. */
  room: number | null;
}

export interface PhotoVerdict {
  id: number;
  passes: boolean;
  problems: PhotoProblem[];
}

export interface RoomVerdict {
  room: number;
  /** The room type's photos, all of them. */
  photos: number;
  /** Those the channel takes (they pass every rule of a single photo). */
  accepted: number;
  problems: CountProblem[];
}

export interface ChannelVerdict {
  channel: string;
  passes: boolean;
  photos: PhotoVerdict[];
  /** The property's own problems (count, featured photo). */
  property: CountProblem[];
  /** One per room type given, in the order given. */
  rooms: RoomVerdict[];
  /** Every problem: those of the photos (counted once each), the property's and the room types'. */
  problemCount: number;
}

function photoProblems(p: RulePhoto, r: PhotoRuleSet): PhotoProblem[] {
  const out: PhotoProblem[] = [];
  const below = (code: 'min_width' | 'min_height' | 'min_long_edge', limit: number | null, actual: number) => {
    if (limit !== null && actual < limit) out.push({ code, limit, actual });
  };
  const above = (code: 'max_width' | 'max_height' | 'max_bytes', limit: number | null, actual: number) => {
    if (limit !== null && actual > limit) out.push({ code, limit, actual });
  };
  below('min_width', r.min_width, p.width);
  below('min_height', r.min_height, p.height);
  above('max_width', r.max_width, p.width);
  above('max_height', r.max_height, p.height);
  below('min_long_edge', r.min_long_edge, Math.max(p.width, p.height));
  above('max_bytes', r.max_bytes, p.bytes);
  if (r.formats && !r.formats.includes(p.format as never))
    out.push({ code: 'format', limit: r.formats, actual: p.format });
  return out;
}

/**
 * What one channel takes of a gallery: per photo, the rules it breaks (with the limit and its own
 * figure); per property and per room type, the count and featured-photo rules. A minimum counts
 * the photos the channel takes (those breaking no rule of a single photo: a refused photo does not
 * help reach it); a maximum counts every photo (the channel shows that many, the rest are lost).
 * `rooms` are the property's room types: one without a photo still falls short of a minimum.
 */
export function checkPhotoRules(
  photos: readonly RulePhoto[],
  rooms: readonly number[],
  rules: PhotoRuleSet,
): ChannelVerdict {
  const verdicts = photos.map((p) => {
    const problems = photoProblems(p, rules);
    return { id: p.id, passes: problems.length === 0, problems };
  });
  const passing = new Set(verdicts.filter((v) => v.passes).map((v) => v.id));
  const property: CountProblem[] = [];
  const accepted = photos.filter((p) => passing.has(p.id));
  if (rules.property_min !== null && accepted.length < rules.property_min)
    property.push({ code: 'property_min', limit: rules.property_min, actual: accepted.length, room: null });
  if (rules.property_max !== null && photos.length > rules.property_max)
    property.push({ code: 'property_max', limit: rules.property_max, actual: photos.length, room: null });
  if (rules.featured_required && !accepted.some((p) => p.featured))
    property.push({ code: 'featured', limit: 1, actual: 0, room: null });
  const roomVerdicts = rooms.map((room) => {
    const all = photos.filter((p) => p.room === room);
    const ok = all.filter((p) => passing.has(p.id)).length;
    const problems: CountProblem[] = [];
    if (rules.room_type_min !== null && ok < rules.room_type_min)
      problems.push({ code: 'room_type_min', limit: rules.room_type_min, actual: ok, room });
    if (rules.room_type_max !== null && all.length > rules.room_type_max)
      problems.push({ code: 'room_type_max', limit: rules.room_type_max, actual: all.length, room });
    return { room, photos: all.length, accepted: ok, problems };
  });
  const problemCount =
    verdicts.filter((v) => !v.passes).length +
    property.length +
    roomVerdicts.reduce((sum, r) => sum + r.problems.length, 0);
  return {
    channel: rules.key,
    passes: problemCount === 0,
    photos: verdicts,
    property,
    rooms: roomVerdicts,
    problemCount,
  };
}
