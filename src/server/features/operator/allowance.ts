import type { OverrideAllowanceWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { moderationCode, moderationLevel, operatorMay, type ContractAccess } from '../partners/access.js';
import { findPreferences } from '../settings/preferences.js';
import { overridableFields, type OverridableField } from './override-fields.js';

export type OverrideMode = 'direct' | 'approval' | 'none';

const LEVELS = [null, 'M', 'R', 'D', 'A', 'O'] as const;

export interface Allowance {
  wire: OverrideAllowanceWire;
  modeOf(field: OverridableField): OverrideMode;
}

/**
 * What an operator may override of a property (README "Overrides and moderation"):
 * - facts (hotel name, location and beach): none when the hotel's preference
 *   partner_override_facts is off or the contract's to_edit_facts is N; with to_edit_facts O every
 *   change waits for the hotel; with Y a change applies at once when the moderation level reaches
 *   the field's tier (x-moderation), else it waits. The level is the contract's, capped by the
 *   hotel's overriding_moderation preference when set; 0 Undefined: everything waits.
 * - the operator's own settings follow their contract permission: Y at once, O with approval, N none.
 */
export async function allowanceOf(services: Services, access: ContractAccess): Promise<Allowance> {
  const prefs = await findPreferences(services.db.kysely, access.hotelAccountId);
  const stored = (prefs ? JSON.parse(prefs.data) : {}) as { partner_override_facts?: unknown; overriding_moderation?: unknown };
  const hotelAllows = stored.partner_override_facts === true;
  const cap = LEVELS.indexOf(stored.overriding_moderation as (typeof LEVELS)[number]);
  const terms = access.terms;
  const level = Math.min(moderationLevel(terms), cap > 0 ? cap : 5);
  const editFacts = operatorMay(terms, 'edit_facts');
  const modeOf = (field: OverridableField): OverrideMode => {
    if (field.kind === 'setting') {
      const may = operatorMay(terms, field.action!);
      return may === 'yes' ? 'direct' : may === 'approval' ? 'approval' : 'none';
    }
    if (!hotelAllows || editFacts === 'no') return 'none';
    if (editFacts === 'approval') return 'approval';
    return level >= field.tier ? 'direct' : 'approval';
  };
  const wire: OverrideAllowanceWire = {
    hotel: access.propertyId,
    edit_facts: terms.to_edit_facts,
    moderation: level,
    moderation_code: moderationCode(level),
    add_logo: terms.to_add_its_logo,
    remove_property_logo: terms.remove_property_logo,
    select_photos: terms.to_select_photos,
    add_own_photos: terms.to_add_own_photos,
    sync_stop_sale: terms.to_sync_ss,
    allow_on_request: terms.to_allow_on_request,
    hotel_allows: hotelAllows,
    fields: overridableFields(services).map((f) => ({ field: f.path, label: f.label, mode: modeOf(f) })),
  };
  return { wire, modeOf };
}
