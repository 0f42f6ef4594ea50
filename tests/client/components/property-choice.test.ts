import { describe, expect, it } from 'vitest';
import {
  chooseProperty,
  needsRooms,
  ROOMS_ASKED,
  type ChoosableProperty,
} from '../../../src/client/components/property-choice';

/** As the list comes: by name, so a draft without rooms ("Aaa draft") is first. */
const draft: ChoosableProperty = { id: 3, publish_state: 'draft' };
const otherDraft: ChoosableProperty = { id: 5, publish_state: 'draft' };
const published: ChoosableProperty = { id: 9, publish_state: 'published' };
const changed: ChoosableProperty = { id: 11, publish_state: 'changed' };

describe('the property a picker page opens on (issue 38 §3)', () => {
  it('opens on the first published property rather than a draft first by name', () => {
    expect(chooseProperty([draft, otherDraft, published, changed])).toBe(9);
    // Live with unpublished changes is published too.
    expect(chooseProperty([draft, changed, published])).toBe(11);
  });

  it('opens on the one last used on the page while the list holds it, else goes on', () => {
    expect(chooseProperty([draft, published], { remembered: 3 })).toBe(3);
    // Deleted, or no longer allowed to this user: forgotten.
    expect(chooseProperty([draft, published], { remembered: 42 })).toBe(9);
  });

  it('lets the property the URL names win over the remembered one, unless the list lacks it', () => {
    expect(chooseProperty([draft, otherDraft, published], { named: 5, remembered: 3 })).toBe(5);
    expect(chooseProperty([draft, otherDraft, published], { named: 42, remembered: 3 })).toBe(3);
  });

  it('without a published one, opens on the first, or the first with rooms when rooms are asked', () => {
    expect(chooseProperty([draft, otherDraft])).toBe(3);
    expect(
      chooseProperty([draft, otherDraft], {
        rooms: new Map([
          [3, 0],
          [5, 2],
        ]),
      }),
    ).toBe(5);
    expect(
      chooseProperty([draft, otherDraft], {
        rooms: new Map([
          [3, 0],
          [5, 0],
        ]),
      }),
    ).toBe(3);
  });

  it('waits for the rooms of the properties before the first with rooms, not after it', () => {
    expect(chooseProperty([draft, otherDraft], { rooms: new Map([[5, 2]]) })).toBeUndefined();
    expect(chooseProperty([draft, otherDraft], { rooms: new Map([[3, 1]]) })).toBe(3);
  });

  it('asks about the first ROOMS_ASKED only, then settles on the first', () => {
    const drafts = Array.from({ length: ROOMS_ASKED + 2 }, (_, i): ChoosableProperty => ({
      id: i + 1,
      publish_state: 'draft',
    }));
    const none = new Map(drafts.slice(0, ROOMS_ASKED).map((p) => [p.id, 0]));
    expect(chooseProperty(drafts, { rooms: none })).toBe(1);
  });

  it('says when the rooms decide, and gives null for an empty list', () => {
    expect(needsRooms([draft, otherDraft], {})).toBe(true);
    expect(needsRooms([draft, published], {})).toBe(false);
    expect(needsRooms([draft, otherDraft], { remembered: 5 })).toBe(false);
    expect(needsRooms([], {})).toBe(false);
    expect(needsRooms([draft], {})).toBe(false);
    expect(chooseProperty([], { rooms: new Map() })).toBeNull();
  });
});
