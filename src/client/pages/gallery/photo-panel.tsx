import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages, fieldErrors } from '../../api/errors';
import { SectionErrors } from '../../engine/views/section-errors';
import { useFormat, useT } from '../../i18n';
import type { GalleryRoom, Photo, PhotoChanges } from './gallery-api';
import { changesOf, draftOf } from './photo-draft';
import { PhotoFields } from './photo-fields';
import { titleOf } from './photo-tile';
import { PROBLEM_KEYS, problemsAfter, rightsChangesOf, rightsDraftOf } from './rights-draft';
import { RightsFields } from './rights-fields';
import { HeldBackNote } from './rights-mark';

interface Props {
  photo: Photo;
  index: number;
  count: number;
  editable: boolean;
  categories: ReadonlyMap<string, string>;
  licences: ReadonlyMap<string, string>;
  rooms: readonly GalleryRoom[];
  onClose(): void;
  onSave(changes: PhotoChanges): Promise<unknown>;
  onFeature(): void;
  onMove(to: number): void;
  onPreview(): void;
  onDelete(): void;
}

/** The draft of a photo's fields and rights, and its save: the rules across the rights first, then the server. */
function usePhotoEdit(photo: Photo, onSave: Props['onSave'], onClose: () => void) {
  const t = useT();
  const [draft, setDraft] = useState(() => draftOf(photo));
  const [errors, setErrors] = useState<{ fields: Record<string, string>; top: string[] }>({ fields: {}, top: [] });
  const [saving, setSaving] = useState(false);
  const [rights, setRights] = useState(() => rightsDraftOf(photo));
  const changes = { ...changesOf(photo, draft), ...rightsChangesOf(photo, rights) };
  const dirty = Object.keys(changes).length > 0;

  const save = async () => {
    // The rules across the rights, said in the reader's language before the server says them.
    const problems = Object.entries(problemsAfter(photo, changes));
    if (problems.length) {
      setErrors({ fields: Object.fromEntries(problems.map(([f, p]) => [f, t(PROBLEM_KEYS[p])])), top: [] });
      return;
    }
    setSaving(true);
    try {
      await onSave(changes);
      setErrors({ fields: {}, top: [] });
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors({ fields, top: Object.keys(fields).length ? [] : errorMessages(error) });
    } finally {
      setSaving(false);
    }
  };
  return { draft, setDraft, rights, setRights, errors, saving, dirty, save };
}

/** The photo's title, its thumbnail (opens the preview) and what it is: position, size, uploader, date. */
function PhotoSummary({
  photo,
  title,
  index,
  count,
  onPreview,
}: {
  photo: Photo;
  title: string;
  index: number;
  count: number;
  onPreview(): void;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="button"
        type="button"
        onClick={onPreview}
        aria-label={t('gallery.large_preview')}
        sx={{ p: 0, border: 0, cursor: 'zoom-in', display: 'block', width: '100%', mb: 1, bgcolor: 'transparent' }}
      >
        <img
          src={photo.thumbnail}
          alt={photo.alt ?? title}
          style={{ width: '100%', borderRadius: 8, display: 'block' }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {[
          t('gallery.position', { position: index + 1, count }),
          t('gallery.dimensions', { width: photo.width, height: photo.height }),
          t('gallery.kilobytes', { kb: Math.round(photo.bytes / 1024) }),
          ...(photo.uploaded_by ? [t('gallery.uploaded_by', { name: photo.uploaded_by })] : []),
          format.date(photo.created_at),
        ].join(' · ')}
      </Typography>
    </>
  );
}

/** Feature, move and delete: what an editor does to the photo in the gallery. */
function PhotoActions({
  photo,
  index,
  count,
  onFeature,
  onMove,
  onDelete,
}: Pick<Props, 'photo' | 'index' | 'count' | 'onFeature' | 'onMove' | 'onDelete'>) {
  const t = useT();
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
      {/* Stays focusable once featured (aria-disabled), so the keyboard user keeps their place. */}
      <Button
        variant="outlined"
        color={photo.featured ? 'warning' : 'primary'}
        onClick={photo.featured ? undefined : onFeature}
        aria-disabled={photo.featured}
      >
        {t(photo.featured ? 'gallery.featured_photo' : 'gallery.set_featured')}
      </Button>
      <Button variant="outlined" onClick={() => onMove(index - 1)} disabled={index === 0}>
        {t('gallery.move_earlier')}
      </Button>
      <Button variant="outlined" onClick={() => onMove(index + 1)} disabled={index === count - 1}>
        {t('gallery.move_later')}
      </Button>
      <Button variant="outlined" color="error" onClick={onDelete}>
        {t('gallery.delete')}
      </Button>
    </Stack>
  );
}

/** A photo's fields and actions beside the grid; mounted per photo (key), so the draft starts fresh. */
export function PhotoPanel({
  photo,
  index,
  count,
  editable,
  categories,
  licences,
  rooms,
  onClose,
  onSave,
  onFeature,
  onMove,
  onPreview,
  onDelete,
}: Props) {
  const t = useT();
  const title = titleOf(photo, t);
  const { draft, setDraft, rights, setRights, errors, saving, dirty, save } = usePhotoEdit(photo, onSave, onClose);
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 }, p: 2.5 } } }}
    >
      <Box role="region" aria-label={t('gallery.details')} data-testid="photo-panel" data-photo-id={photo.id}>
        <PhotoSummary photo={photo} title={title} index={index} count={count} onPreview={onPreview} />
        <HeldBackNote photo={photo} />
        <SectionErrors messages={errors.top} testId="photo-errors" />
        <PhotoFields
          draft={draft}
          onChange={setDraft}
          errors={errors.fields}
          readOnly={!editable}
          categories={categories}
          rooms={rooms}
        />
        <RightsFields
          draft={rights}
          onChange={setRights}
          errors={errors.fields}
          readOnly={!editable}
          licences={licences}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {editable && (
            <Button variant="contained" onClick={() => void save()} disabled={!dirty || saving}>
              {t('gallery.save')}
            </Button>
          )}
          <Button onClick={onClose}>{t(editable && dirty ? 'gallery.cancel' : 'gallery.close')}</Button>
          <Button onClick={onPreview}>{t('gallery.preview')}</Button>
        </Stack>
        {editable && (
          <PhotoActions
            photo={photo}
            index={index}
            count={count}
            onFeature={onFeature}
            onMove={onMove}
            onDelete={onDelete}
          />
        )}
      </Box>
    </Drawer>
  );
}
