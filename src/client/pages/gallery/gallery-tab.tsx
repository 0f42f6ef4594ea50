import { GalleryView } from './gallery-view';
import { usePhotosAccess } from './use-photos-access';

/**
 * The facts editor's gallery tab (/property/:id/gallery). The photos flag decides what may be
 * changed here, not the facts flag the editor's other tabs follow.
 */
export function GalleryTab({ propertyId }: { propertyId: number; readOnly: boolean }) {
  const editable = usePhotosAccess() === true;
  return <GalleryView key={propertyId} propertyId={propertyId} editable={editable} />;
}
