import { ApiError } from '../../plugins/errors.js';
import { rightsProblems, type RightsProblem, type RightsWhole } from '../../../shared/photo-rights.js';
import type { MessageKey } from '../../../shared/i18n/messages.js';
import type { Words } from '../../../shared/validation-messages.js';

/**
 * The server's words for each problem, in the request's language as validation refusals are
 * (acceptedWords: English when none is asked for). The gallery says its own before sending.
 */
const WORDS: Record<RightsProblem, MessageKey> = {
  'holder-required': 'gallery.rights_refused_holder',
  'credit-required': 'gallery.rights_refused_credit',
  'does-not-end': 'gallery.rights_refused_ends',
};

/**
 * Refuse (400, nothing written) rights that contradict themselves, checked on each photo as it
 * would be after the change. With several photos the message names the ones concerned.
 */
export function checkRights(
  photos: readonly { id: number; rights: RightsWhole }[],
  several: boolean,
  words: Words,
): void {
  const fields: Record<string, { problem: RightsProblem; ids: number[] }> = {};
  for (const p of photos)
    for (const [field, problem] of Object.entries(rightsProblems(p.rights)))
      (fields[field] ??= { problem, ids: [] }).ids.push(p.id);
  const keys = Object.keys(fields);
  if (!keys.length) return;
  const body: Record<string, string[]> = {};
  for (const k of keys) {
    const { problem, ids } = fields[k]!;
    const said = words.text(WORDS[problem]);
    body[k] = [several ? words.text('gallery.rights_refused_photos', { problem: said, ids: ids.join(', ') }) : said];
  }
  throw new ApiError(400, body);
}
