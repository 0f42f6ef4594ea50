import google from '../../schemas/partner-profiles/google-accessibility.json' with { type: 'json' };
import expedia from '../../schemas/partner-profiles/expedia-accessibility.json' with { type: 'json' };

/**
 * Partners' own lists of attributes (schemas/partner-profiles/, issue 40): Google's lodging
 * accessibility attributes and Expedia's accessibility filters, each attribute mapped to the fact
 * fields that answer it, or saying why none does. The partner API answers a profile
 * (`GET api/v1/properties/{id}/facts/attributes/?profile=...`); a new partner's list is a new file
 * here and its name in the query schema's enum (tests/shared/partner-profiles.test.ts checks both).
 */
export interface ProfileAttribute {
  code: string;
  name: string;
  section?: string;
  fields?: string[];
  none?: string;
}

export interface PartnerProfile {
  profile: string;
  partner: string;
  title: string;
  source: string;
  attributes: ProfileAttribute[];
}

export const PARTNER_PROFILES: readonly PartnerProfile[] = [google, expedia];

export function partnerProfile(name: string): PartnerProfile | undefined {
  return PARTNER_PROFILES.find((p) => p.profile === name);
}

type Doc = Record<string, unknown>;

/** Yes when any field is yes, no when all are no, else not stated (null). */
export function anyOf(doc: Doc, fields: readonly string[]): boolean | null {
  const values = fields.map((f) => doc[f]);
  if (values.some((v) => v === true)) return true;
  return values.length && values.every((v) => v === false) ? false : null;
}

export interface AnsweredAttribute {
  code: string;
  name: string;
  section: string | null;
  fields: string[];
  value: boolean | null;
  rooms: Array<{ id: number; room_name: string | null; value: boolean | null }> | null;
  none: string | null;
}

/**
 * A profile's attributes answered from a property's documents (a section's document, or a list
 * section's rows): a list section's attribute per row and, for the property, yes when a row has
 * it and no when every row says no.
 */
export function answerProfile(
  profile: PartnerProfile,
  documentOf: (section: string) => Doc | Doc[] | undefined,
): AnsweredAttribute[] {
  return profile.attributes.map((a) => {
    const base = {
      code: a.code,
      name: a.name,
      section: a.section ?? null,
      fields: a.fields ?? [],
      none: a.none ?? null,
    };
    if (!a.section || !a.fields) return { ...base, value: null, rooms: null };
    const data = documentOf(a.section);
    if (!Array.isArray(data)) return { ...base, value: anyOf(data ?? {}, a.fields), rooms: null };
    const rooms = data.map((r) => ({
      id: Number(r.id),
      room_name: typeof r.room_name === 'string' ? r.room_name : null,
      value: anyOf(r, a.fields!),
    }));
    const values = rooms.map((r) => r.value);
    const value = values.some((v) => v === true)
      ? true
      : values.length && values.every((v) => v === false)
        ? false
        : null;
    return { ...base, value, rooms };
  });
}
