import type { PublishedRoom } from '../publications/index.js';
import { OTA_CODE_MAX } from './codes.js';

/**
 * Assisted mapping: for a room the operator has not mapped, its closest rooms the operator
 * mapped at other hotels, by normalised name, room type and view, with that room's name and a
 * code made free for this hotel, to take in one click.
 */
export interface MappedRoom {
  hotel: string;
  /** The hotel's room as mapped (name, type, view). */
  room: PublishedRoom;
  newName: string | null;
  code: string | null;
}

export interface Suggestion {
  new_name: string | null;
  override_code: string | null;
  score: number;
  from_hotel: string;
  from_room: string;
}

const STOP = new Set(['room', 'rooms', 'the', 'with', 'and', 'of', 'a', 'de', 'la', 'el', 'y', 'con']);

/** Lower case, accents and punctuation gone, common words dropped. */
export function tokens(text: string | null | undefined): Set<string> {
  const plain = (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  return new Set(plain.split(' ').filter((t) => t && !STOP.has(t)));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 0;
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return both / (a.size + b.size - both);
}

const same = (a: string | null, b: string | null): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** 0..1: half the name's likeness, a quarter each for the same room type and view. */
export function likeness(room: PublishedRoom, other: PublishedRoom): number {
  const name = jaccard(tokens(room.name), tokens(other.name));
  return (
    Math.round(
      (0.5 * name + 0.25 * (same(room.type, other.type) ? 1 : 0) + 0.25 * (same(room.view, other.view) ? 1 : 0)) * 100,
    ) / 100
  );
}

/** The first `n` characters (code points, as the save's maxLength counts them). */
const cut = (s: string, n: number): string => [...s].slice(0, n).join('');

/**
 * A code not among `taken` that a save accepts (at most OTA_CODE_MAX characters): the model's
 * code, with this hotel's code in front when it has one and both fit, numbered if needed.
 */
export function freeCode(model: string, hotelCode: string | null, taken: Set<string>): string {
  const prefixed = hotelCode ? `${hotelCode}-${model}` : model;
  const base = [...prefixed].length <= OTA_CODE_MAX ? prefixed : model;
  let code = cut(base, OTA_CODE_MAX);
  for (let n = 2; taken.has(code.toLowerCase()); n++) code = `${cut(base, OTA_CODE_MAX - 1 - String(n).length)}-${n}`;
  return code;
}

export function suggestFor(
  room: PublishedRoom,
  pool: readonly MappedRoom[],
  hotelCode: string | null,
  taken: Set<string>,
  limit = 3,
): Suggestion[] {
  const scored = pool
    .filter((m) => m.newName || m.code)
    .map((m) => ({ m, score: likeness(room, m.room) }))
    .filter((x) => x.score >= 0.3)
    .sort((a, b) => b.score - a.score || a.m.room.name.localeCompare(b.m.room.name));
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  for (const { m, score } of scored) {
    const key = `${m.newName ?? ''}|${m.code ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      new_name: m.newName,
      override_code: m.code ? freeCode(m.code, hotelCode, taken) : null,
      score,
      from_hotel: m.hotel,
      from_room: m.room.name,
    });
    if (out.length >= limit) break;
  }
  return out;
}
