import type { OverrideDataWire, OverrideRequestWire } from '../../../shared/generated/wire-types.js';
import { ApiError } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { OperatorAction } from '../partners/index.js';
import type { allowanceOf } from './allowance.js';
import {
  canonical,
  LOCATION,
  LOCATION_SCHEMA,
  overridableFields,
  valueAt,
  type OverridableField,
} from './override-fields.js';
import type { OverrideRow } from './override-store.js';
import type { Reasons } from './refusals.js';

/** What an operator's override document asks, field by field, checked against the location schema and its contract. */

export interface Change {
  field: OverridableField;
  value: unknown;
  mode: 'direct' | 'approval';
}

/** Checks the location values the document would give the operator's view against the location section's schema. */
export function checkLocation(services: Services, hotel: OverrideDataWire, body: OverrideRequestWire): void {
  const sent = (body.data.location ?? {}) as Record<string, unknown>;
  const props = services.schemas.resolved(LOCATION_SCHEMA).properties as Record<string, unknown>;
  const unknown = Object.keys(sent).filter((k) => !(k in props) || ['id', 'hotel', 'version'].includes(k));
  if (unknown.length)
    throw new ApiError(400, { data: { location: { [unknown[0]!]: ['Not a field of the location section.'] } } });
  const merged = { hotel: body.hotel, ...(hotel.location as Record<string, unknown>), ...sent };
  const errors = services.schemas.validate(LOCATION_SCHEMA, merged);
  if (errors) {
    const mine = Object.fromEntries(Object.entries(errors).filter(([k]) => k in sent));
    throw new ApiError(400, { data: { location: Object.keys(mine).length ? mine : errors } });
  }
}

export interface Plan {
  changes: Change[];
  withdraw: OverrideRow[];
  rebase: OverrideRow[];
}

/**
 * What a request does per field against the live overrides: new values (direct or for approval),
 * overrides withdrawn, drifted ones kept (rebased). A value the contract refuses throws the 403.
 */
export function planOverrides(
  services: Services,
  allowance: Awaited<ReturnType<typeof allowanceOf>>,
  hotel: OverrideDataWire,
  body: OverrideRequestWire,
  live: readonly OverrideRow[],
): Plan {
  const keep = new Set(body.keep ?? []);
  const plan: Plan = { changes: [], withdraw: [], rebase: [] };
  for (const field of overridableFields(services)) {
    const requested = valueAt(body.data, field.path);
    const mine = live.filter((r) => r.field === field.path);
    const none = requested === undefined || canonical(requested) === canonical(valueAt(hotel, field.path));
    if (none) {
      plan.withdraw.push(...mine);
      continue;
    }
    const current = mine.find((r) => r.status === 'pending') ?? mine.find((r) => r.status === 'approved');
    if (current && canonical(JSON.parse(current.value)) === canonical(requested)) {
      if (current.drift_value !== null && keep.has(field.path)) plan.rebase.push(current);
      // A pending change taken back to the value in force withdraws the pending one.
      if (current.status === 'approved') plan.withdraw.push(...mine.filter((r) => r.status === 'pending'));
      continue;
    }
    const approved = mine.find((r) => r.status === 'approved');
    if (approved && canonical(JSON.parse(approved.value)) === canonical(requested)) {
      plan.withdraw.push(...mine.filter((r) => r.status === 'pending'));
      continue;
    }
    const mode = allowance.modeOf(field);
    if (mode === 'none') refuse(allowance, field);
    plan.changes.push({ field, value: requested, mode });
  }
  return plan;
}

/** The 403 for a field the contract refuses: the reason names what it refuses and the hotel that can change it. */
function refuse(allowance: Awaited<ReturnType<typeof allowanceOf>>, field: OverridableField): never {
  const why =
    (field.kind === 'setting' ? reasonOf(allowance.wire.reasons, field.action!) : allowance.wire.reasons.facts) ??
    `Your contract does not let you change ${field.label}.`;
  const message = `${field.label}: ${why}`;
  const path = field.path.startsWith(`${LOCATION}.`)
    ? { location: { [field.path.slice(LOCATION.length + 1)]: [message] } }
    : { [field.path]: [message] };
  throw new ApiError(403, { detail: message, data: path });
}

export function planSummary(
  changes: readonly Change[],
  withdraw: readonly OverrideRow[],
  rebase: readonly OverrideRow[],
  waiting: number,
): string {
  return [
    changes.length
      ? `${changes.length} change(s)${waiting ? `, ${waiting} waiting for the hotel's approval` : ''}`
      : '',
    withdraw.length ? `${withdraw.length} withdrawn` : '',
    rebase.length ? `${rebase.length} kept against the hotel's new value` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** The reason of a refused setting (its contract action), from the allowance's reasons. */
function reasonOf(reasons: Reasons, action: OperatorAction): string | null {
  return action === 'edit_facts' ? reasons.facts : reasons[action];
}
