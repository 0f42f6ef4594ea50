/**
 * Photo rights (issue 40 §3) as both sides read them: the licences a photo may have, which of
 * them ask for attribution, and why a photo is held back (never leaves the account). The server's
 * one rule (features/photos/rights.ts) and the gallery's mark both come from here.
 */

/** The options of photoLicences (schemas/options/photoLicences.json), in its order. */
export const PHOTO_LICENCES = [
  'own',
  'licensed',
  'CC BY',
  'CC BY-SA',
  'CC BY-ND',
  'CC BY-NC',
  'CC BY-NC-SA',
  'CC BY-NC-ND',
  'CC0',
] as const;
export type PhotoLicence = (typeof PHOTO_LICENCES)[number];

/** Every CC licence but CC0 requires the author to be credited wherever the photo is shown. */
export function requiresAttribution(licence: string | null | undefined): boolean {
  return typeof licence === 'string' && licence.startsWith('CC BY');
}

/** Why a photo is held back: the hotel said not to pass it on, or its licence has ended. */
export type HeldBack = 'not-passed-on' | 'licence-ended';

export interface PhotoRights {
  pass_on: boolean;
  /** The last day the licence covers (YYYY-MM-DD), null when it does not end. */
  licence_ends: string | null;
}

/** Today's date (YYYY-MM-DD, UTC): a licence ending on it still covers it. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** Why the photo may not leave the account on `today`, or null when it may. */
export function heldBack(rights: PhotoRights, today: string): HeldBack | null {
  if (!rights.pass_on) return 'not-passed-on';
  if (rights.licence_ends !== null && rights.licence_ends < today) return 'licence-ended';
  return null;
}

/**
 * The credit line a photo carries where its licence asks for one ("Photo: Ana Ruiz, CC BY-SA"),
 * else null. Printed in the fact sheet's captions and sent as the OTA ImageFormat's
 * CopyrightNotice and the partner API's `attribution`.
 */
export function attributionOf(credit: string | null | undefined, licence: string | null | undefined): string | null {
  if (!requiresAttribution(licence)) return null;
  const who = (credit ?? '').trim();
  return who ? `© ${who} (${licence})` : `(${licence})`;
}

/**
 * Whether a licence can end: one taken from a holder can (the period agreed), as can rights not
 * recorded yet. A photo of the hotel's own does not, nor does a Creative Commons licence (it lasts
 * as long as the copyright and cannot be withdrawn), so an end date there is a mistake.
 */
export function licenceMayEnd(licence: string | null | undefined): boolean {
  return licence === null || licence === undefined || licence === 'licensed';
}

/** What is wrong with a photo's rights as a whole (field -> problem); empty when nothing is. */
export type RightsProblem = 'holder-required' | 'credit-required' | 'does-not-end';
export type RightsProblems = Partial<Record<'credit' | 'licence_holder' | 'licence_ends', RightsProblem>>;

export interface RightsWhole {
  credit: string | null;
  licence: string | null;
  licence_holder: string | null;
  licence_ends: string | null;
}

/**
 * The rules across the rights' fields, the same in the gallery (before sending) and on the server
 * (after merging a change with what the photo had): a licence from a holder names the holder, a
 * licence that requires attribution has a credit, a licence that does not end has no end date.
 */
export function rightsProblems(r: RightsWhole): RightsProblems {
  const out: RightsProblems = {};
  const blank = (s: string | null) => !s || !s.trim();
  if (r.licence === 'licensed' && blank(r.licence_holder)) out.licence_holder = 'holder-required';
  if (requiresAttribution(r.licence) && blank(r.credit)) out.credit = 'credit-required';
  if (r.licence_ends !== null && !licenceMayEnd(r.licence)) out.licence_ends = 'does-not-end';
  return out;
}

/** A change of some of a photo's rights (a field left out stays as the photo has it). */
export type RightsChange = Partial<RightsWhole>;

const trimmed = (v: string | null): string | null => (v ?? '').trim() || null;

/**
 * A photo's rights after a change, as the server stores them: texts trimmed (blank is none), a
 * holder only for a licence taken from one, and a change to a licence that does not end drops the
 * end date the photo had (one sent with the change stays, for the rules to refuse).
 */
export function mergeRights(before: RightsWhole, change: RightsChange): RightsWhole {
  const licence = change.licence !== undefined ? change.licence : before.licence;
  const holder = change.licence_holder !== undefined ? trimmed(change.licence_holder) : before.licence_holder;
  return {
    credit: change.credit !== undefined ? trimmed(change.credit) : before.credit,
    licence,
    licence_holder: licence === 'licensed' ? holder : null,
    licence_ends:
      change.licence_ends !== undefined
        ? change.licence_ends
        : change.licence !== undefined && !licenceMayEnd(licence)
          ? null
          : before.licence_ends,
  };
}
