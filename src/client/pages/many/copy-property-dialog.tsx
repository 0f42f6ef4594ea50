import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sections } from '../../../shared/generated/sections/index';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useSchemaTexts } from '../../engine/texts/use-schema-texts';
import { sectionTitle } from '../../engine/texts/schema-texts';
import { useT } from '../../i18n';
import { useCopyProperty } from './use-copy-property';

/** A list's name as a whole (its rows are "Room", the list "Rooms"). */
const LIST_WORDS: Readonly<Record<string, MessageKey>> = {
  room: 'facts.tab_rooms',
  maintenance: 'facts.tab_maintenance',
  restaurant: 'many.copy_restaurants',
  bar: 'many.copy_bars',
};

interface Props {
  source: { id: number; hotel_name: string } | null;
  onClose(): void;
}

type Copy = ReturnType<typeof useCopyProperty>;

/** The sections and lists to copy, and photos, as ticks; each section named as the editor's tabs name it. */
function CopyChoices({ copy, sectionName }: { copy: Copy; sectionName(s: (typeof sections)[number]): string }) {
  const t = useT();
  return (
    <>
      <Typography variant="subtitle2">{t('many.copy_sections')}</Typography>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, mb: 1 }}>
        {sections.map((s) => (
          <FormControlLabel
            key={s.key}
            control={
              <Checkbox checked={copy.chosen.has(s.key)} onChange={(e) => copy.toggle(s.key, e.target.checked)} />
            }
            label={sectionName(s)}
          />
        ))}
      </FormGroup>
      <FormControlLabel
        control={<Checkbox checked={copy.photos} onChange={(e) => copy.setPhotos(e.target.checked)} />}
        label={t('many.copy_photos')}
      />
    </>
  );
}

/**
 * New property from an existing one: a name, the sections and lists to copy (all by default),
 * photos only when ticked; then the new property's editor opens with those facts filled.
 */
export function CopyPropertyDialog({ source, onClose }: Props) {
  const copy = useCopyProperty(source);
  const { name, busy, error } = copy;
  const t = useT();
  const texts = useSchemaTexts();
  const sectionName = (s: (typeof sections)[number]) => {
    const list = LIST_WORDS[s.key];
    if (list) return t(list);
    return texts ? sectionTitle(texts, s.key, s.title) : s.title;
  };
  return (
    <Dialog open={!!source} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="copy-title">
      <DialogTitle id="copy-title">{t('many.copy_title', { name: source?.hotel_name ?? '' })}</DialogTitle>
      <DialogContent>
        {error.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="copy-errors">
            {error.join(' ')}
          </Alert>
        )}
        <TextField
          label={t('many.copy_name')}
          value={name}
          onChange={(e) => copy.setName(e.target.value)}
          fullWidth
          required
          sx={{ mt: 1, mb: 2 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <CopyChoices copy={copy} sectionName={sectionName} />
        <Typography variant="body2" color="text.secondary">
          {t('many.copy_note')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void copy.submit()} disabled={busy || !name.trim()}>
          {t('many.copy_create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
