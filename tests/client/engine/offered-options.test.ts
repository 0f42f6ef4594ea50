import { describe, expect, it } from 'vitest';
import { enumOptionsOf } from '../../../src/client/engine/form/field-slot';
import type { FieldNode } from '../../../src/client/engine/core/layout';

const node = { category: 'roomViews', schema: { enum: ['Sea view', 'Roulette', null] } } as unknown as FieldNode;
// The options call lists only what is offered: "Roulette" is kept for old clients, not offered.
const labels = new Map([['roomViews', new Map([['Sea view', 'Sea view']])]]);

describe('a choice offers what its option list offers', () => {
  it('leaves out a value the list does not offer, unless it is the one stored', () => {
    expect(enumOptionsOf(node, labels).map((o) => o.value)).toEqual(['Sea view']);
    expect(enumOptionsOf(node, labels, 'Roulette').map((o) => o.value)).toEqual(['Sea view', 'Roulette']);
    expect(enumOptionsOf(node, labels, ['Roulette']).map((o) => o.value)).toEqual(['Sea view', 'Roulette']);
    // Labels not loaded (another family of lists): the schema's values.
    expect(enumOptionsOf(node, new Map()).map((o) => o.value)).toEqual(['Sea view', 'Roulette']);
  });
});
