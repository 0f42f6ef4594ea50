import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
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
import { errorMessages } from '../../api/errors';
import { sections } from '../../../shared/generated/sections/index';
import { TABS } from '../facts/tabs';
import { copyProperty } from './many-api';

interface Props {
  source: { id: number; hotel_name: string } | null;
  onClose(): void;
}

/**
 * New property from an existing one: a name, the sections and lists to copy (all by default),
 * photos only when ticked; then the new property's editor opens with those facts filled.
 */
export function CopyPropertyDialog({ source, onClose }: Props) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(sections.map((s) => s.key)));
  const [photos, setPhotos] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  if (source && opened !== source.id) {
    // A new source: start from its name and every section.
    setOpened(source.id);
    setName(`${source.hotel_name} (copy)`);
    setChosen(new Set(sections.map((s) => s.key)));
    setPhotos(false);
    setError([]);
  }
  const toggle = (key: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const submit = async () => {
    if (!source) return;
    setBusy(true);
    setError([]);
    try {
      const made = await copyProperty(source.id, { hotel_name: name.trim(), sections: [...chosen], photos });
      await client.invalidateQueries();
      navigate(`/property/${made.id}/${TABS[0]!.key}`);
    } catch (e) {
      setError(errorMessages(e));
      setBusy(false);
    }
  };
  return (
    <Dialog open={!!source} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="copy-title">
      <DialogTitle id="copy-title">New property from {source?.hotel_name}</DialogTitle>
      <DialogContent>
        {error.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="copy-errors">
            {error.join(' ')}
          </Alert>
        )}
        <TextField
          label="Name of the new property"
          value={name}
          onChange={(e) => setName(e.target.value)}
          fullWidth
          required
          sx={{ mt: 1, mb: 2 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Typography variant="subtitle2">Copy these sections and lists</Typography>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, mb: 1 }}>
          {sections.map((s) => (
            <FormControlLabel
              key={s.key}
              control={<Checkbox checked={chosen.has(s.key)} onChange={(e) => toggle(s.key, e.target.checked)} />}
              label={s.kind === 'list' ? `${s.title}s` : s.title}
            />
          ))}
        </FormGroup>
        <FormControlLabel
          control={<Checkbox checked={photos} onChange={(e) => setPhotos(e.target.checked)} />}
          label="Copy the photos too"
        />
        <Typography variant="body2" color="text.secondary">
          The new property is not published: check its facts in the editor, then publish it.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || !name.trim()}>
          Create and open
        </Button>
      </DialogActions>
    </Dialog>
  );
}
