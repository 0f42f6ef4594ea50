import type { PropertyWire } from '../../../shared/generated/wire-types';

/** A property as GET api/facts/properties/ lists it. */
export type Property = PropertyWire;
