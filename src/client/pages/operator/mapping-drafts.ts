/** A room's mapping as the operator edits it before the save: the mapping page's hook and its rows share it. */
import { ApiFailure } from '../../api/errors';
import mappingForm from '../../../shared/generated/forms/hotel-mapping';
import type { HotelMappingWire } from '../../../shared/generated/wire-types';
import { EVENT_CODE_COLUMNS } from '../../../shared/stop-sale-states';

export type Room = HotelMappingWire['rooms'][number];

/** The longest code a save takes (OTA HotelCode / InvCode), as the save's schema declares it. */
export const CODE_MAX = Number(mappingForm.schema.properties?.rooms?.items?.properties?.overrideCode?.maxLength ?? 16);
export const tooLong = (code: string | null | undefined): boolean => !!code && [...code.trim()].length > CODE_MAX;
/** The event-code columns, one per stop-sale state, and the word each is labelled with, as the chart names the states. */
export const EVENTS = EVENT_CODE_COLUMNS;
export type Draft = Pick<Room, 'room' | 'linked' | 'override_code' | 'new_name' | (typeof EVENTS)[number]> & {
  mapped: boolean;
};

export function draftOf(r: Room): Draft {
  return {
    room: r.room,
    mapped: r.id !== null,
    linked: r.id === null ? true : r.linked,
    override_code: r.override_code,
    new_name: r.new_name,
    ...Object.fromEntries(EVENTS.map((e) => [e, r[e]])),
  } as Draft;
}

/** The 409's or 400's message at a room's code, from `rooms.{i}.override_code`. */
export function roomErrors(error: unknown): Map<number, string> {
  const out = new Map<number, string>();
  const body =
    error instanceof ApiFailure
      ? (error.body as { rooms?: Record<string, { override_code?: string[]; room?: string[] }> } | undefined)
      : undefined;
  for (const [i, e] of Object.entries(body?.rooms ?? {}))
    out.set(Number(i), (e.override_code ?? e.room ?? []).join(' '));
  return out;
}
