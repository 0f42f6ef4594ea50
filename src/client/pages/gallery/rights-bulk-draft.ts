import { mergeRights, rightsProblems, type RightsChange, type RightsProblem } from '../../../shared/photo-rights';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { Photo } from './gallery-api';
import type { RightsBody } from './rights-api';
import { PROBLEM_KEYS, wholeOf } from './rights-draft';

/** What the bulk edit sets: '' leaves the field as each photo has it. */
export interface BulkDraft {
  licence: string;
  credit: string;
  holder: string;
  ends: string;
  passOn: '' | 'yes' | 'no';
}

export const NO_BULK: BulkDraft = { licence: '', credit: '', holder: '', ends: '', passOn: '' };

/** The fields to send (those given). */
export function bulkChangeOf(d: BulkDraft): Omit<RightsBody, 'photos'> {
  const out: Omit<RightsBody, 'photos'> = {};
  if (d.licence) out.licence = d.licence as RightsBody['licence'];
  if (d.credit.trim()) out.credit = d.credit.trim();
  if (d.holder.trim()) out.licence_holder = d.holder.trim();
  if (d.ends) out.licence_ends = d.ends;
  if (d.passOn) out.pass_on = d.passOn === 'yes';
  return out;
}

/** Each field's problem over the chosen photos as they would be after the change, with the photos concerned. */
export function bulkProblems(
  photos: readonly Photo[],
  change: RightsChange,
  title: (p: Photo) => string,
): Record<string, { key: MessageKey; titles: string[] }> {
  const out: Record<string, { problem: RightsProblem; titles: string[] }> = {};
  for (const p of photos)
    for (const [field, problem] of Object.entries(rightsProblems(mergeRights(wholeOf(p), change))))
      (out[field] ??= { problem, titles: [] }).titles.push(title(p));
  return Object.fromEntries(
    Object.entries(out).map(([f, { problem, titles }]) => [f, { key: PROBLEM_KEYS[problem], titles }]),
  );
}
