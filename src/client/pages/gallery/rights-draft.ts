import {
  mergeRights,
  rightsProblems,
  type RightsChange,
  type RightsProblem,
  type RightsProblems,
  type RightsWhole,
} from '../../../shared/photo-rights';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { Photo, PhotoChanges } from './gallery-api';

/** A photo's rights as the side panel edits them (texts and selects: '' for none). */
export interface RightsDraft {
  credit: string;
  licence: string;
  holder: string;
  ends: string;
  passOn: boolean;
}

export function rightsDraftOf(p: Photo): RightsDraft {
  return {
    credit: p.credit ?? '',
    licence: p.licence ?? '',
    holder: p.licence_holder ?? '',
    ends: p.licence_ends ?? '',
    passOn: p.pass_on,
  };
}

const orNull = (s: string) => s.trim() || null;

/** Only the rights that changed, under their wire names. */
export function rightsChangesOf(before: Photo, draft: RightsDraft): PhotoChanges {
  const was = rightsDraftOf(before);
  const out: PhotoChanges = {};
  if (draft.credit !== was.credit) out.credit = orNull(draft.credit);
  if (draft.licence !== was.licence) out.licence = (draft.licence || null) as PhotoChanges['licence'];
  if (draft.holder !== was.holder) out.licence_holder = orNull(draft.holder);
  if (draft.ends !== was.ends) out.licence_ends = draft.ends || null;
  if (draft.passOn !== was.passOn) out.pass_on = draft.passOn;
  return out;
}

export const wholeOf = (p: Pick<Photo, 'credit' | 'licence' | 'licence_holder' | 'licence_ends'>): RightsWhole => ({
  credit: p.credit,
  licence: p.licence,
  licence_holder: p.licence_holder,
  licence_ends: p.licence_ends,
});

/** The rules' problems of the photo as it would be after the change (the server checks the same). */
export const problemsAfter = (before: Photo, change: RightsChange): RightsProblems =>
  rightsProblems(mergeRights(wholeOf(before), change));

/** The catalogue's words for each problem. */
export const PROBLEM_KEYS: Record<RightsProblem, MessageKey> = {
  'holder-required': 'gallery.rights_problem_holder',
  'credit-required': 'gallery.rights_problem_credit',
  'does-not-end': 'gallery.rights_problem_ends',
};

/** Server answers name the fields by wire name; the rights' fields in the panel go by these. */
export const RIGHTS_FIELDS = ['credit', 'licence', 'licence_holder', 'licence_ends', 'pass_on'] as const;
