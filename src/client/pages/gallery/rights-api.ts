import type { PhotoRightsWire } from '../../../shared/generated/wire-types';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { Photo } from './gallery-api';

export type RightsBody = PhotoRightsWire;

/** Set these rights on every listed photo, all or none; answers the gallery after. */
export const setRights = (propertyId: number, body: RightsBody): Promise<Photo[]> =>
  unwrap(api.PATCH('/api/facts/property/{propertyId}/gallery/rights/', { params: { path: { propertyId } }, body }));
