import { OPERATOR_ACTION_TERMS, type OperatorAction } from '../../../shared/generated/value-lists.js';
import type { OverrideAllowanceWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { moderationCode, moderationLevel, operatorMay, type ContractAccess, companyName } from '../partners/index.js';
import { overridableFields, type OverridableField } from './override-fields.js';
import { refusalReasons } from './refusals.js';

export type OverrideMode = 'direct' | 'approval' | 'none';

const LEVELS = [null, 'M', 'R', 'D', 'A', 'O'] as const;

export interface Allowance {
  wire: OverrideAllowanceWire;
  modeOf(field: OverridableField): OverrideMode;
}

/**
 * What an operator may override of a property (docs/features.md, "Overrides and moderation"):
 * - facts (hotel name, location and beach): none when the contract's hotel_allows_overrides (the
 *   hotel's cap, chosen per contract) is off or its to_edit_facts is N; with to_edit_facts O every
 *   change waits for the hotel; with Y a change applies at once when the moderation level reaches
 *   the field's tier (x-moderation), else it waits. The level is the contract's, capped by the
 *   contract's hotel_moderation_cap when set; 0 Undefined: everything waits.
 * Only the contract decides: the hotel's preferences are merely the defaults of new contracts.
 * - the operator's own settings follow their contract permission: Y at once, O with approval, N none.
 */
export async function allowanceOf(services: Services, access: ContractAccess): Promise<Allowance> {
  const terms = access.terms;
  const hotelAllows = terms.hotel_allows_overrides !== false;
  const cap = LEVELS.indexOf(terms.hotel_moderation_cap as (typeof LEVELS)[number]);
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
  // Each action's term as the contract sets it (x-operator-action); an action the allowance schema
  // lacks fails the type check here. Answers are completed in schema order, so the spread's
  // place among the fields does not show.
  const granted = Object.fromEntries(
    Object.entries(OPERATOR_ACTION_TERMS).map(([action, term]) => [action, terms[term]]),
  ) as Pick<OverrideAllowanceWire, OperatorAction>;
  const wire: OverrideAllowanceWire = {
    hotel: access.propertyId,
    ...granted,
    moderation: level,
    moderation_code: moderationCode(level),
    hotel_allows: hotelAllows,
    reasons: refusalReasons(terms, await companyName(services.db.kysely, access.hotelAccountId)),
    fields: overridableFields(services).map((f) => ({
      field: f.path,
      label: f.label,
      group: f.group,
      mode: modeOf(f),
    })),
  };
  return { wire, modeOf };
}
