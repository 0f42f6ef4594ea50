import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useOptionLabels } from '../../engine/data/use-option-labels';
import { useT } from '../../i18n';
import type { GalleryRoom, Photo } from './gallery-api';
import { GalleryHeader } from './gallery-header';
import { DeletePhotoDialog, PhotoPreview } from './photo-dialogs';
import { PhotoGrid } from './photo-grid';
import { PhotoPanel } from './photo-panel';
import { PartnerRulesPanel } from './partner-rules-panel';
import { SimilarPhotos } from './partner-rules-similar';
import { RightsBulk } from './rights-bulk';
import { UploadList } from './upload-list';
import { hasFiles, UploadZone } from './upload-zone';
import { useGallery, type Gallery } from './use-gallery';
import { useGalleryPartners } from './use-gallery-partners';
import { useUploads } from './use-uploads';

const NO_CATEGORIES: ReadonlyMap<string, string> = new Map();
const NO_ROOMS: readonly GalleryRoom[] = [];

/** Which photo the side panel, the preview and the delete dialog are about (by id, so a move keeps them). */
function useGallerySelection(photos: readonly Photo[]) {
  const [selected, setSelected] = useState<number | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const indexOf = (id: number | null) => photos.findIndex((p) => p.id === id);
  const open = useCallback((id: number) => setSelected(id), []);
  return {
    at: indexOf(selected),
    previewAt: indexOf(preview),
    doomed: photos[indexOf(deleting)],
    open,
    setSelected,
    setPreview,
    setDeleting,
  };
}

type Selection = ReturnType<typeof useGallerySelection>;

function GalleryNotices({ editable, failed }: { editable: boolean; failed: boolean }) {
  const t = useT();
  return (
    <>
      {!editable && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="gallery-read-only">
          {t('gallery.read_only')}
        </Alert>
      )}
      {failed && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="gallery-failed">
          {t('gallery.load_failed')}
        </Alert>
      )}
    </>
  );
}

/** The side panel, the large preview and the delete question, each over the photo the selection names. */
function GalleryDialogs({
  gallery,
  selection,
  editable,
  rooms,
  categories,
  licences,
}: {
  gallery: Gallery;
  selection: Selection;
  editable: boolean;
  rooms: readonly GalleryRoom[] | undefined;
  categories: ReadonlyMap<string, string>;
  licences: ReadonlyMap<string, string>;
}) {
  const { photos } = gallery;
  const { at, previewAt, doomed, setSelected, setPreview, setDeleting } = selection;
  return (
    <>
      {at >= 0 && (
        <PhotoPanel
          key={photos[at]!.id}
          photo={photos[at]!}
          index={at}
          count={photos.length}
          editable={editable}
          categories={categories}
          licences={licences}
          rooms={rooms ?? []}
          onClose={() => setSelected(null)}
          onSave={(changes) => gallery.update(photos[at]!.id, changes)}
          onFeature={() => void gallery.feature(photos[at]!.id)}
          onMove={(to) => gallery.move(at, to)}
          onPreview={() => setPreview(photos[at]!.id)}
          onDelete={() => setDeleting(photos[at]!.id)}
        />
      )}
      {previewAt >= 0 && (
        <PhotoPreview
          photo={photos[previewAt]!}
          onClose={() => setPreview(null)}
          onPrevious={previewAt > 0 ? () => setPreview(photos[previewAt - 1]!.id) : undefined}
          onNext={previewAt < photos.length - 1 ? () => setPreview(photos[previewAt + 1]!.id) : undefined}
        />
      )}
      {doomed && (
        <DeletePhotoDialog
          photo={doomed}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null);
            setSelected(null);
            void gallery.remove(doomed.id);
          }}
        />
      )}
    </>
  );
}

/**
 * A property's gallery (spec 001 §2 "Gallery"): upload, the grid in sequence order, the side
 * panel, preview and delete. The same on /property-photos/:id and in the editor's gallery tab.
 */
export function GalleryView({ propertyId, editable }: { propertyId: number; editable: boolean }) {
  const t = useT();
  const gallery = useGallery(propertyId);
  const { photos } = gallery;
  const uploads = useUploads(propertyId, gallery.added, gallery.addedInOrder);
  const { rooms, partners } = useGalleryPartners(propertyId);
  const labels = useOptionLabels();
  const categories = labels.get('photoCategories') ?? NO_CATEGORIES;
  const licences = labels.get('photoLicences') ?? NO_CATEGORIES;
  const selection = useGallerySelection(photos);
  const { open } = selection;

  return (
    <Box
      data-testid="gallery"
      data-editable={editable ? 'true' : 'false'}
      // Files dropped anywhere on the gallery upload too; never does the browser open them instead.
      onDragOver={(e) => hasFiles(e) && e.preventDefault()}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        if (editable) uploads.add(Array.from(e.dataTransfer.files));
      }}
    >
      <GalleryHeader count={photos.length} loading={gallery.loading} />
      <GalleryNotices editable={editable} failed={gallery.failed} />
      {editable && <UploadZone onFiles={uploads.add} />}
      <UploadList items={uploads.items} onClear={uploads.clearFinished} />
      {editable && !gallery.loading && <RightsBulk propertyId={propertyId} photos={photos} licences={licences} />}
      {gallery.loading ? (
        <LinearProgress aria-label={t('gallery.loading')} />
      ) : (
        <>
          <PhotoGrid photos={photos} editable={editable} move={gallery.move} open={open} />
          <SimilarPhotos photos={photos} onOpen={open} />
          <PartnerRulesPanel photos={photos} rooms={rooms ?? NO_ROOMS} onOpen={open} partners={partners} />
        </>
      )}
      <GalleryDialogs
        gallery={gallery}
        selection={selection}
        editable={editable}
        rooms={rooms}
        categories={categories}
        licences={licences}
      />
    </Box>
  );
}
