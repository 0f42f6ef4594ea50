/**
 * Calendar days (YYYY-MM-DD) merged into runs of consecutive days, for messages that name many
 * days: "12–14 March 2026" reads at once where "2026-03-12, 2026-03-13, 2026-03-14" does not.
 * Arithmetic on UTC midnights only, where every day has 24 hours (no time zone moves a day).
 */

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** The days sorted, duplicates dropped, consecutive days joined into one range. */
export function mergeDays(days: Iterable<string>): DayRange[] {
  const sorted = [...new Set(days)].sort();
  const out: DayRange[] = [];
  let last = Number.NaN;
  for (const date of sorted) {
    const n = dayNumber(date);
    const run = out[out.length - 1];
    if (run && n === last + 1) run.to = date;
    else out.push({ from: date, to: date });
    last = n;
  }
  return out;
}

export interface RoomDays {
  room: number;
  name: string;
  ranges: DayRange[];
}

/**
 * Changed days per room, merged: one entry per room (in the order the rooms are given), each
 * with its days as ranges; rooms without a day are left out. `unnamed` names a room no loaded
 * month names.
 */
export function roomRanges(
  rooms: ReadonlyArray<{ id: number; name: string }>,
  days: ReadonlyArray<{ room: number; date: string }>,
  unnamed: (room: number) => string,
): RoomDays[] {
  const byRoom = new Map<number, string[]>();
  for (const { room, date } of days) (byRoom.get(room) ?? byRoom.set(room, []).get(room)!).push(date);
  const named = rooms
    .filter((r) => byRoom.has(r.id))
    .map((r) => ({ room: r.id, name: r.name, ranges: mergeDays(byRoom.get(r.id)!) }));
  // A room no loaded month names any more (removed meanwhile) still shows its days.
  const known = new Set(rooms.map((r) => r.id));
  for (const [room, dates] of byRoom)
    if (!known.has(room)) named.push({ room, name: unnamed(room), ranges: mergeDays(dates) });
  return named;
}
