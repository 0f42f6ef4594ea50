import { ApiError } from '../../plugins/errors.js';
import { rightsProblems, type RightsProblem, type RightsWhole } from '../../../shared/photo-rights.js';

/** The server's words for each problem (the gallery says them in the reader's language before sending). */
const WORDS: Record<RightsProblem, string> = {
  'holder-required': 'Say whom the photo is licensed from (the licence is "Licensed from a holder").',
  'credit-required': 'This Creative Commons licence requires the photographer to be credited: give the credit.',
  'does-not-end': 'This licence does not end (an own photo or a Creative Commons licence): leave the end date empty.',
};

/**
 * Refuse (400, nothing written) rights that contradict themselves, checked on each photo as it
 * would be after the change. With several photos the message names the ones concerned.
 */
export function checkRights(photos: readonly { id: number; rights: RightsWhole }[], several: boolean): void {
  const fields: Record<string, { problem: RightsProblem; ids: number[] }> = {};
  for (const p of photos)
    for (const [field, problem] of Object.entries(rightsProblems(p.rights)))
      (fields[field] ??= { problem, ids: [] }).ids.push(p.id);
  const keys = Object.keys(fields);
  if (!keys.length) return;
  const body: Record<string, string[]> = {};
  for (const k of keys) {
    const { problem, ids } = fields[k]!;
    body[k] = [several ? `${WORDS[problem]} Photos: ${ids.join(', ')}. Nothing was changed.` : WORDS[problem]];
  }
  throw new ApiError(400, body);
}
