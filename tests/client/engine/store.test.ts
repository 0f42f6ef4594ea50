import { describe, expect, it, vi } from 'vitest';
import { withDefaults } from '../../../src/client/engine/core/defaults';
import { FormStore } from '../../../src/client/engine/core/form-store';
import { getIn, setIn } from '../../../src/client/engine/core/paths';
import { toNumber } from '../../../src/client/engine/widgets/text-widgets';
import { schema } from './fixtures';

describe('paths', () => {
  it('sets a value copying only the objects on the way', () => {
    const doc = { a: { b: 1 }, c: { d: 2 } };
    const next = setIn(doc, ['a', 'b'], 5);
    expect(next).toEqual({ a: { b: 5 }, c: { d: 2 } });
    expect(next.c).toBe(doc.c);
    expect(setIn(doc, ['a', 'b'], 1)).toBe(doc);
    expect(getIn(next, ['a', 'b'])).toBe(5);
    expect(getIn(next, ['x', 'y'])).toBeUndefined();
  });
});

describe('form store', () => {
  it('notifies on change, knows it is dirty until saved, and a change clears that field’s errors', () => {
    const store = new FormStore({ name: 'a' });
    const listener = vi.fn();
    const errorListener = vi.fn();
    store.subscribe(listener);
    store.subscribeErrors(errorListener);
    store.setErrors(
      new Map([
        ['name', ['Too short.']],
        ['other', ['x']],
      ]),
      ['top'],
    );
    expect(store.errorTotal()).toBe(3);
    store.set(['name'], 'b');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.isDirty()).toBe(true);
    expect(store.errorsAt('name')).toEqual([]);
    expect(store.errorsAt('other')).toEqual(['x']);
    store.set(['name'], 'b');
    expect(listener).toHaveBeenCalledTimes(1);
    store.replace({ name: 'b' });
    expect(store.isDirty()).toBe(false);
    expect(errorListener).toHaveBeenCalled();
  });

  it('keeps the same (empty) error list while nothing changes, for useSyncExternalStore', () => {
    const store = new FormStore({});
    expect(store.errorsAt('x')).toBe(store.errorsAt('y'));
  });
});

describe('defaults', () => {
  it('fills absent values with the schema defaults, nested objects too, and keeps null', () => {
    expect(withDefaults(schema, { gymSize: null })).toEqual({ boards: [], tax: {}, gymSize: null });
    expect(withDefaults(schema, {})).toMatchObject({ boards: [], tax: {}, gymSize: 0 });
  });
});

describe('number input', () => {
  it('turns text into a number once it reads as one, keeps text that does not', () => {
    expect(toNumber('12')).toBe(12);
    expect(toNumber('12.5')).toBe(12.5);
    expect(toNumber('12,5')).toBe(12.5);
    expect(toNumber('12.')).toBe('12.');
    expect(toNumber('')).toBeNull();
    expect(toNumber(null)).toBeNull();
    expect(toNumber('abc')).toBe('abc');
  });
});
