import { displayValue, type SchemaNode } from '../../../shared/fact-sheet/index.js';
import type { OverrideDataWire, OverrideStateWire, OverrideWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import type { ContractAccess } from '../partners/index.js';
import { companyNames } from '../partners/index.js';
import { displayName } from '../auth/index.js';
import { hotelName, hotelNames } from '../properties/index.js';
import { latestPublication } from '../publications/index.js';
import { allowanceOf } from './allowance.js';
import { hotelData, LOCATION, overridableFields, type OverridableField } from './override-fields.js';
import { recentOverrides, type OverrideRow } from './override-store.js';
import { translatorOf } from '../../i18n/index.js';

export type { OverrideRow } from './override-store.js';

/** The hotel's published values of the override document's fields (the property's own name when never published). */
export async function hotelValues(services: Services, propertyId: number): Promise<OverrideDataWire> {
  const db = services.db.kysely;
  const [publication, propertyName] = await Promise.all([latestPublication(db, propertyId), hotelName(db, propertyId)]);
  return hotelData(publication?.documents ?? new Map(), propertyName, services);
}

/** A value as a reader sees it, in English (the review screens' language). */
function textOf(services: Services, field: OverridableField | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (!field) return typeof value === 'string' ? value : JSON.stringify(value);
  return displayValue(field.schema as SchemaNode, value, services.schemas.bundle.options, translatorOf('en'));
}

/** Override rows as their answers, with the names of both sides and labels. */
export async function overrideWires(services: Services, rows: readonly OverrideRow[]): Promise<OverrideWire[]> {
  const db = services.db.kysely;
  if (!rows.length) return [];
  const fields = new Map(overridableFields(services).map((f) => [f.path, f]));
  const propertyNames = await hotelNames(
    db,
    rows.map((r) => r.property_id),
  );
  const names = await companyNames(db, [...new Set(rows.map((r) => r.operator_account_id))]);
  const people = new Map<number, string | null>();
  for (const id of new Set(rows.map((r) => r.created_by).filter((x): x is number => x !== null)))
    people.set(id, await displayName(db, id));
  return rows.map((r) => {
    const field = fields.get(r.field);
    const value = JSON.parse(r.value) as unknown;
    const hotel = JSON.parse(r.hotel_value) as unknown;
    const drift = r.drift_value === null ? null : (JSON.parse(r.drift_value) as unknown);
    return {
      id: r.id,
      hotel: r.property_id,
      hotel_name: propertyNames.get(r.property_id) ?? '',
      operator: r.operator_account_id,
      operator_name: names.get(r.operator_account_id) ?? '',
      field: r.field,
      label: field?.label ?? r.field,
      value,
      hotel_value: hotel,
      value_text: textOf(services, field, value),
      hotel_value_text: textOf(services, field, hotel),
      status: r.status,
      comment: r.comment,
      created_at: r.created_at,
      created_by_name: r.created_by === null ? null : (people.get(r.created_by) ?? null),
      decided_at: r.decided_at,
      decision_comment: r.decision_comment,
      drift_value: drift,
      drift_value_text: r.drift_value === null ? null : textOf(services, field, drift),
      drift_at: r.drift_at,
    };
  });
}

/** The override document as it stands: each field's newest live value (pending over approved), null where none. */
function liveData(services: Services, rows: readonly OverrideRow[]): OverrideDataWire {
  const data: OverrideDataWire = {
    hotel_name: null,
    add_operator_logo: null,
    enable_stopsale_api: null,
    stopsale_closed_on_request: null,
    remove_property_logo: null,
    location: {},
  };
  const ordered = [...rows].sort((a, b) => (a.status === b.status ? a.id - b.id : a.status === 'approved' ? -1 : 1));
  for (const r of ordered) {
    const value = JSON.parse(r.value) as unknown;
    if (r.field.startsWith(`${LOCATION}.`))
      (data.location as Record<string, unknown>)[r.field.slice(LOCATION.length + 1)] = value;
    else (data as unknown as Record<string, unknown>)[r.field] = value;
  }
  void services;
  return data;
}

/** GET api/partners/override-facts/get/{id}/: the document, the hotel's values, the allowance and every override. */
export async function overrideState(services: Services, access: ContractAccess): Promise<OverrideStateWire> {
  const all = await recentOverrides(services.db.kysely, access);
  const live = all.filter((r) => r.status === 'pending' || r.status === 'approved');
  return {
    hotel: access.propertyId,
    data: liveData(services, live),
    hotel_data: await hotelValues(services, access.propertyId),
    permissions: (await allowanceOf(services, access)).wire,
    overrides: await overrideWires(services, all),
  };
}
