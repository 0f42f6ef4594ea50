import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useT } from '../../i18n';
import type { GalleryRoom } from './gallery-api';
import type { PhotoDraft } from './photo-draft';

interface Props {
  draft: PhotoDraft;
  onChange(draft: PhotoDraft): void;
  errors: Record<string, string>;
  readOnly: boolean;
  /** Category value -> label (the photoCategories option list). */
  categories: ReadonlyMap<string, string>;
  rooms: readonly GalleryRoom[];
}

/** Title, alternative text, category, room and description of a photo. */
export function PhotoFields({ draft, onChange, errors, readOnly, categories, rooms }: Props) {
  const t = useT();
  const field = (key: keyof PhotoDraft) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => onChange({ ...draft, [key]: e.target.value }),
    error: !!errors[key],
    helperText: errors[key],
    disabled: readOnly,
    fullWidth: true,
    size: 'small' as const,
  });
  const categoryOptions = new Map(categories);
  if (draft.category && !categoryOptions.has(draft.category)) categoryOptions.set(draft.category, draft.category);
  const roomOptions =
    rooms.some((r) => String(r.id) === draft.room) || !draft.room
      ? rooms
      : [...rooms, { id: Number(draft.room), room_name: t('gallery.room_fallback', { id: draft.room }) }];
  return (
    <Stack>
      <TextField label={t('gallery.field_title')} {...field('name')} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <TextField
        label={t('gallery.field_alt')}
        {...field('alt')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        helperText={errors.alt ?? t('gallery.field_alt_help')}
      />
      <TextField select label={t('gallery.field_category')} {...field('category')}>
        <MenuItem value="">
          <em>{t('gallery.none')}</em>
        </MenuItem>
        {[...categoryOptions].map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('gallery.field_room')}
        {...field('room')}
        helperText={errors.room ?? (rooms.length ? undefined : t('gallery.field_room_help'))}
      >
        <MenuItem value="">
          <em>{t('gallery.none')}</em>
        </MenuItem>
        {roomOptions.map((r) => (
          <MenuItem key={r.id} value={String(r.id)}>
            {r.room_name || t('gallery.room_fallback', { id: r.id })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('gallery.field_description')}
        {...field('description')}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </Stack>
  );
}
