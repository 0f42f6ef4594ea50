/**
 * Suggested room codes are codes a save accepts (issue 28 §1): at most the 16 characters OTA
 * carries (HotelCode, InvCode), whatever the hotel code in front and the numbering.
 */
import { describe, expect, it } from 'vitest';
import { freeCode } from '../../../src/server/features/mapping/suggest.js';
import { OTA_CODE_MAX } from '../../../src/server/features/mapping/codes.js';
import requestSchema from '../../../schemas/mapping/hotel-mapping-request.schema.json' with { type: 'json' };
import defs from '../../../schemas/common/defs.schema.json' with { type: 'json' };

const chars = (s: string) => [...s].length;

describe('suggested room codes', () => {
  it('put the hotel code in front when both fit in 16 characters, else the model code alone', () => {
    expect(freeCode('DBL-SV', 'PMI', new Set())).toBe('PMI-DBL-SV');
    expect(freeCode('DBL-SEA-VIEW', 'PMI-PLAYA', new Set())).toBe('DBL-SEA-VIEW');
  });

  it('stay within 16 characters when numbered or when the model code is a long one saved before the limit', () => {
    const taken = new Set(['dbl-sea-view-ext', 'dbl-sea-view-e-2', 'dbl-sea-view-e-3']);
    const code = freeCode('DBL-SEA-VIEW-EXTRA-LARGE', null, taken);
    expect(code).toBe('DBL-SEA-VIEW-E-4');
    expect(chars(code)).toBeLessThanOrEqual(OTA_CODE_MAX);
    const many = new Set(
      Array.from({ length: 120 }, (_, i) => (i < 2 ? 'abcdefghijklmnop' : `abcdefghijklm-${i}`).toLowerCase()),
    );
    const numbered = freeCode('ABCDEFGHIJKLMNOP', null, many);
    expect(chars(numbered)).toBeLessThanOrEqual(OTA_CODE_MAX);
    expect(many.has(numbered.toLowerCase())).toBe(false);
    expect(chars(freeCode('😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀', 'X', new Set()))).toBe(OTA_CODE_MAX);
  });

  it('use the limit the save schema declares', () => {
    expect(requestSchema.properties.override_code.$ref).toBe('../common/defs.schema.json#/$defs/otaCode');
    expect(requestSchema.properties.rooms.items.properties.override_code.$ref).toBe(
      '../common/defs.schema.json#/$defs/otaCode',
    );
    expect(defs.$defs.otaCode.maxLength).toBe(OTA_CODE_MAX);
  });
});
