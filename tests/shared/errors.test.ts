import { describe, expect, it } from 'vitest';
import { addError, flattenErrors, humanise, type ErrorTree } from '../../src/shared/errors.js';

describe('flattenErrors', () => {
  it('flattens nested objects with field labels, keeping detail and non_field_errors as they are', () => {
    const body = {
      detail: 'Something failed.',
      non_field_errors: ["The two password fields didn't match."],
      email: ['Enter a valid email address.'],
      tax: { tax_charges: ['This field is required.'], tax_currency: ['Not a valid choice.'] },
    };
    expect(flattenErrors(body)).toEqual([
      'Something failed.',
      "The two password fields didn't match.",
      'Email: Enter a valid email address.',
      'Tax charges: This field is required.',
      'Tax currency: Not a valid choice.',
    ]);
  });

  it('flattens arrays of messages and arrays of row objects', () => {
    expect(flattenErrors(['a', 'b'])).toEqual(['a', 'b']);
    expect(flattenErrors([{}, { room_name: ['room name required'] }, 'loose'])).toEqual([
      'Room name: room name required',
      'loose',
    ]);
    expect(flattenErrors({ restaurants: [{ opening: { from: ['Enter a valid time (HH:MM).'] } }] })).toEqual([
      'From: Enter a valid time (HH:MM).',
    ]);
  });

  it('skips per-row detail of list saves, whose summary is in non_field_errors', () => {
    const body = {
      non_field_errors: ['Room (2): room name required - room view required'],
      rows: { '1': { room_name: ['room name required'] } },
    };
    expect(flattenErrors(body)).toEqual(['Room (2): room name required - room view required']);
  });

  it('uses the labeler when given and de-duplicates', () => {
    const labels: Record<string, string> = { check_in_time: 'Check-in' };
    expect(flattenErrors({ check_in_time: ['Bad.', 'Bad.'] }, (p) => labels[p.join('.')])).toEqual(['Check-in: Bad.']);
    expect(flattenErrors(null)).toEqual([]);
    expect(flattenErrors('plain')).toEqual(['plain']);
  });
});

describe('error helpers', () => {
  it('builds nested error trees without repeating messages', () => {
    const tree: ErrorTree = {};
    addError(tree, ['tax', 'tax_currency'], 'Not a valid choice.');
    addError(tree, ['tax', 'tax_currency'], 'Not a valid choice.');
    addError(tree, [], 'Whole document.');
    expect(tree).toEqual({ tax: { tax_currency: ['Not a valid choice.'] }, non_field_errors: ['Whole document.'] });
  });

  it('humanises wire and client names', () => {
    expect(humanise('check_in_time')).toBe('Check in time');
    expect(humanise('checkInTime')).toBe('Check in time');
  });
});
