/**
 * Which property a page with a property picker opens on (issue 38 §3). The list comes sorted by
 * name, so its first entry is often a draft without rooms: an empty chart, an export of nothing.
 */

/** What the choice reads of a property of the list (GET api/facts/properties/). */
export interface ChoosableProperty {
  id: number;
  publish_state: 'draft' | 'published' | 'changed';
}

/** How many properties a page that wants rooms asks about at most, in list order, before it settles on the first. */
export const ROOMS_ASKED = 10;

export interface ChoiceInputs {
  /** The property the URL names (?property=id): it wins when the list holds it. */
  named?: number | null;
  /** The property this user last chose on this page; ignored once it left the list (deleted, access taken away). */
  remembered?: number | null;
  /**
   * Rooms per property id, for a page that is empty without rooms (the chart); left out, rooms are
   * not asked. A property of the first ROOMS_ASKED not in the map yet is still being asked about.
   */
  rooms?: ReadonlyMap<number, number>;
}

/**
 * The property to open on: the one the URL names, else the one last used, else the first
 * published (live, changed included), else (when rooms are asked) the first with rooms, else the
 * first. null for an empty list; undefined while the rooms that decide it are still coming.
 */
export function chooseProperty(
  list: readonly ChoosableProperty[],
  { named, remembered, rooms }: ChoiceInputs = {},
): number | null | undefined {
  const held = (id: number | null | undefined) => id != null && list.some((p) => p.id === id);
  if (held(named)) return named;
  if (held(remembered)) return remembered;
  const published = list.find((p) => p.publish_state !== 'draft');
  if (published) return published.id;
  // One property is the answer whatever its rooms: nothing to ask.
  if (rooms && list.length > 1) {
    for (const p of list.slice(0, ROOMS_ASKED)) {
      const count = rooms.get(p.id);
      if (count === undefined) return undefined;
      if (count > 0) return p.id;
    }
  }
  return list[0]?.id ?? null;
}

/** Whether the choice depends on the rooms: nothing named, remembered or published is in the list. */
export function needsRooms(list: readonly ChoosableProperty[], inputs: Omit<ChoiceInputs, 'rooms'>): boolean {
  return chooseProperty(list, { ...inputs, rooms: new Map() }) === undefined;
}
