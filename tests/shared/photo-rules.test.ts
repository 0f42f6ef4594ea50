import { describe, expect, it } from 'vitest';
import { createAjv } from '../../src/shared/ajv';
import schema from '../../schemas/photos/partner-photo-rules.schema.json' with { type: 'json' };
import data from '../../schemas/partner-photo-rules.json' with { type: 'json' };
import { checkPhotoRules, type PhotoRuleSet, type RulePhoto } from '../../src/shared/photo-rules/check';
import { PHOTO_CHANNELS } from '../../src/shared/photo-rules/channels';
import { describeProblem } from '../../src/shared/photo-rules/describe';
import { translatorOf } from '../../src/server/i18n/index';

const channel = (key: string): PhotoRuleSet => PHOTO_CHANNELS.find((c) => c.key === key)!;
let next = 1;
const photo = (over: Partial<RulePhoto> = {}): RulePhoto => ({
  id: next++,
  width: 3000,
  height: 2000,
  bytes: 2_000_000,
  format: 'jpeg',
  room: null,
  featured: false,
  ...over,
});

describe('partner photo rules (issue 40 §4)', () => {
  it('the data file holds the published rules and is valid under its schema', () => {
    const validate = createAjv().compile(schema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(channel('booking_com')).toMatchObject({
      min_width: 300,
      min_height: 300,
      max_width: 14000,
      max_height: 14000,
      max_bytes: 50 * 1024 * 1024,
    });
    expect(channel('expedia')).toMatchObject({ min_long_edge: 2880, room_type_min: 4 });
    expect(channel('gds')).toMatchObject({ property_max: 25, room_type_max: 7 });
    // A minimum above its maximum is refused by the schema's x-rules.
    expect(validate({ channels: [{ ...channel('gds'), room_type_min: 9 }] })).toBe(false);
  });

  it('Booking.com: pixel limits and file size per photo, with the numbers', () => {
    const small = photo({ width: 250, height: 400 });
    const huge = photo({ width: 15000, height: 9000, bytes: 60 * 1024 * 1024 });
    const fine = photo();
    const v = checkPhotoRules([small, huge, fine], [], channel('booking_com'));
    expect(v.passes).toBe(false);
    expect(v.photos).toEqual([
      { id: small.id, passes: false, problems: [{ code: 'min_width', limit: 300, actual: 250 }] },
      {
        id: huge.id,
        passes: false,
        problems: [
          { code: 'max_width', limit: 14000, actual: 15000 },
          { code: 'max_bytes', limit: 52428800, actual: 62914560 },
        ],
      },
      { id: fine.id, passes: true, problems: [] },
    ]);
    expect(v.problemCount).toBe(2);
    const en = translatorOf('en');
    expect(describeProblem(en, v.photos[0]!.problems[0]!)).toBe('250 px wide, at least 300 px needed');
    expect(describeProblem(en, v.photos[1]!.problems[1]!)).toBe('60 MB, at most 50 MB taken');
    expect(describeProblem(translatorOf('fa'), v.photos[0]!.problems[0]!)).toContain('۳۰۰');
  });

  it('Expedia: the long edge, and at least 4 photos that pass per room type (an empty room type too)', () => {
    const rooms = [10, 11];
    const inRoom = [1, 2, 3].map(() => photo({ room: 10, width: 3000, height: 2000 }));
    const short = photo({ room: 10, width: 2000, height: 2880 }); // long edge 2,880: passes
    const shorter = photo({ room: 10, width: 2879, height: 1000 });
    let v = checkPhotoRules([...inRoom, shorter], rooms, channel('expedia'));
    expect(v.photos.find((p) => p.id === shorter.id)!.problems).toEqual([
      { code: 'min_long_edge', limit: 2880, actual: 2879 },
    ]);
    // Four photos in room 10, but one is refused: three count.
    expect(v.rooms).toEqual([
      { room: 10, photos: 4, accepted: 3, problems: [{ code: 'room_type_min', limit: 4, actual: 3, room: 10 }] },
      { room: 11, photos: 0, accepted: 0, problems: [{ code: 'room_type_min', limit: 4, actual: 0, room: 11 }] },
    ]);
    v = checkPhotoRules([...inRoom, short], [10], channel('expedia'));
    expect(v.passes).toBe(true);
    expect(
      describeProblem(translatorOf('en'), { code: 'room_type_min', limit: 4, actual: 3, room: 10 }, 'Double'),
    ).toBe('Double: 3 photos pass, at least 4 needed');
  });

  it('GDS: at most 25 photos, at most 7 per room type', () => {
    const many = Array.from({ length: 26 }, (_, i) => photo({ room: i < 8 ? 5 : null }));
    const v = checkPhotoRules(many, [5], channel('gds'));
    expect(v.property).toEqual([{ code: 'property_max', limit: 25, actual: 26, room: null }]);
    expect(v.rooms[0]!.problems).toEqual([{ code: 'room_type_max', limit: 7, actual: 8, room: 5 }]);
    expect(v.photos.every((p) => p.passes)).toBe(true);
    expect(
      checkPhotoRules(
        many.slice(0, 25).map((p) => ({ ...p, room: null })),
        [5],
        channel('gds'),
      ).passes,
    ).toBe(true);
  });

  it('formats, a minimum per property and a featured photo, as a rule set may declare them', () => {
    const rules: PhotoRuleSet = {
      ...channel('gds'),
      formats: ['jpeg', 'png'],
      property_min: 2,
      property_max: null,
      room_type_max: null,
      featured_required: true,
    };
    const gif = photo({ format: 'gif', featured: true });
    const v = checkPhotoRules([gif, photo()], [], rules);
    expect(v.photos[0]!.problems).toEqual([{ code: 'format', limit: ['jpeg', 'png'], actual: 'gif' }]);
    expect(v.property).toEqual([
      { code: 'property_min', limit: 2, actual: 1, room: null },
      // The featured photo is refused, so none the channel takes is featured.
      { code: 'featured', limit: 1, actual: 0, room: null },
    ]);
    expect(describeProblem(translatorOf('en'), v.photos[0]!.problems[0]!)).toBe('GIF is not taken (only JPEG and PNG)');
  });
});
