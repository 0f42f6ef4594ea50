import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';

interface Props {
  properties: readonly { id: number; hotel_name: string; city: string }[];
  picked: ReadonlySet<number>;
  onChange(next: ReadonlySet<number>): void;
}

/** The properties a bulk edit covers: a filterable list of checkboxes, all or none at once. */
export function PropertyPicker({ properties, picked, onChange }: Props) {
  const [text, setText] = useState('');
  const t = useT();
  const needle = text.trim().toLowerCase();
  const shown = properties.filter((p) => !needle || `${p.hotel_name} ${p.city}`.toLowerCase().includes(needle));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <Box data-testid="bulk-properties">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('many.properties_chosen', { picked: picked.size, total: properties.length })}
        </Typography>
        <TextField size="small" label={t('many.filter')} value={text} onChange={(e) => setText(e.target.value)} />
        <Button size="small" onClick={() => onChange(new Set([...picked, ...shown.map((p) => p.id)]))}>
          {t('many.choose_all_shown')}
        </Button>
        <Button size="small" onClick={() => onChange(new Set())}>
          {t('many.choose_none')}
        </Button>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { sm: '1fr 1fr', md: '1fr 1fr 1fr' },
          maxHeight: 320,
          overflowY: 'auto',
        }}
      >
        {shown.map((p) => (
          <FormControlLabel
            key={p.id}
            control={<Checkbox checked={picked.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />}
            label={p.hotel_name}
          />
        ))}
      </Box>
    </Box>
  );
}
