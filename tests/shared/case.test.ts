import { describe, expect, it } from 'vitest';
import { fromWireWith, snakeToCamel, toWireWith, wirePathToClient, type NameMap } from '../../src/shared/case.js';

const map: NameMap = {
  props: {
    check_in_time: ['checkInTime'],
    restaurant_name: ['name'],
    tax: ['tax', { props: { tax_charges: ['taxCharges'] } }],
    rooms: ['rooms', { items: { props: { room_name: ['roomName'] } } }],
  },
};

describe('wire <-> client names', () => {
  it('derives camelCase', () => {
    expect(snakeToCamel('check_in_time')).toBe('checkInTime');
    expect(snakeToCamel('aerobics_class_available')).toBe('aerobicsClassAvailable');
    expect(snakeToCamel('late_check_out_2')).toBe('lateCheckOut2');
  });

  it('renames declared properties only, nested and in lists, and maps back exactly', () => {
    const wire = {
      check_in_time: '14:00',
      restaurant_name: 'Olive',
      tax: { tax_charges: 'Inclusive', keep_me: 1 },
      rooms: [{ room_name: 'Sea view', room_features: { map_key_stays: true } }],
      unknown_key: 'passes',
    };
    const client = fromWireWith(wire, map);
    expect(client).toEqual({
      checkInTime: '14:00',
      name: 'Olive',
      tax: { taxCharges: 'Inclusive', keep_me: 1 },
      rooms: [{ roomName: 'Sea view', room_features: { map_key_stays: true } }],
      unknown_key: 'passes',
    });
    expect(toWireWith(client, map)).toEqual(wire);
  });

  it('translates error paths to client paths', () => {
    expect(wirePathToClient(['rooms', '2', 'room_name'], map)).toEqual(['rooms', 2, 'roomName']);
    expect(wirePathToClient(['tax', 'tax_charges'], map)).toEqual(['tax', 'taxCharges']);
    expect(wirePathToClient(['other'], map)).toEqual(['other']);
  });
});
