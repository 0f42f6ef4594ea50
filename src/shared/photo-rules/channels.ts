import rules from '../../../schemas/partner-photo-rules.json' with { type: 'json' };
import type { PartnerPhotoRulesWire } from '../generated/wire-types';
import type { PhotoRuleSet } from './check';

/**
 * Every channel's photo rules, as schemas/partner-photo-rules.json declares them (codegen checks
 * the file against photos/partner-photo-rules.schema.json, so the cast only names what it holds).
 */
export const PHOTO_CHANNELS: readonly PhotoRuleSet[] = (rules as PartnerPhotoRulesWire).channels;
