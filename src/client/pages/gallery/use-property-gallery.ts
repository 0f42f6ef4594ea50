import { useQuery } from '@tanstack/react-query';
import { useProperties } from '../../api/properties';
import { galleryQuery } from './gallery-api';
import { usePhotosAccess } from './use-photos-access';

/** /property-photos/:id: the user's properties, the one shown, and whether the user may change its photos. */
export function usePropertyGallery(id: number) {
  const properties = useProperties();
  // Asked beside the properties, not after them: the grid needs both.
  useQuery(galleryQuery(id));
  const editable = usePhotosAccess() === true;
  return {
    failed: properties.isError,
    loaded: !!properties.data,
    property: properties.data?.find((p) => p.id === id),
    editable,
  };
}
