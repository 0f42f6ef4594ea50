import { describe, expect, it } from 'vitest';
import { photosLeft, quotaHint, quotaPercent, quotaText } from '../../../src/client/pages/gallery/quota';
import { changesOf, draftOf } from '../../../src/client/pages/gallery/photo-draft';
import type { Photo } from '../../../src/client/pages/gallery/gallery-api';
import { englishT as t } from '../english-t';

describe('photo quota in words', () => {
  it('free: "n of 25", what may still be added, full', () => {
    expect(quotaText({ images: 12, limit: 25 }, t)).toBe('12 of 25 photos');
    expect(photosLeft({ images: 12, limit: 25 })).toBe(13);
    expect(quotaHint({ images: 24, limit: 25 }, t)).toBe('1 more photo may be added on the free plan.');
    expect(quotaHint({ images: 12, limit: 25 }, t)).toBe('13 more photos may be added on the free plan.');
    expect(quotaHint({ images: 25, limit: 25 }, t)).toMatch(/^The free plan is full/);
    expect(photosLeft({ images: 30, limit: 25 })).toBe(0);
    expect(quotaPercent({ images: 5, limit: 25 })).toBe(20);
    expect(quotaPercent({ images: 30, limit: 25 })).toBe(100);
  });

  it('premium: unlimited, no hint', () => {
    expect(quotaText({ images: 1, limit: null }, t)).toBe('1 photo (Premium: unlimited)');
    expect(quotaText({ images: 40, limit: null }, t)).toBe('40 photos (Premium: unlimited)');
    expect(photosLeft({ images: 40, limit: null })).toBeNull();
    expect(quotaHint({ images: 40, limit: null }, t)).toBeUndefined();
    expect(quotaPercent({ images: 40, limit: null })).toBe(0);
  });
});

describe('photo edit: only what changed is sent', () => {
  const photo: Photo = {
    id: 4,
    name: 'Pool',
    alt: 'Pool',
    category: null,
    description: null,
    uploaded_by: 'A B',
    sequence: 1,
    room: 9,
    featured: false,
    width: 10,
    height: 10,
    bytes: 100,
    format: 'jpeg',
    similar_to: null,
    created_at: '2025-01-01T00:00:00Z',
    credit: null,
    licence: null,
    licence_holder: null,
    licence_ends: null,
    pass_on: true,
    held_back: null,
    attribution: null,
    image: '/i',
    display: '/d',
    thumbnail: '/t',
  };

  it('leaves the alt out when only the name changed (the server keeps it following the name)', () => {
    const draft = { ...draftOf(photo), name: 'Main pool' };
    expect(changesOf(photo, draft)).toEqual({ name: 'Main pool' });
  });

  it('maps empty selects and texts to null and room ids to numbers', () => {
    expect(draftOf(photo)).toEqual({ name: 'Pool', alt: 'Pool', category: '', description: '', room: '9' });
    const draft = { ...draftOf(photo), category: 'Rooms', room: '', description: '  Heated ', alt: '' };
    expect(changesOf(photo, draft)).toEqual({ category: 'Rooms', room: null, description: 'Heated', alt: null });
    expect(changesOf(photo, { ...draftOf(photo), room: '12' })).toEqual({ room: 12 });
    expect(changesOf(photo, draftOf(photo))).toEqual({});
  });
});
