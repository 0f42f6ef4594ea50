import { useState } from 'react';
import { useT } from '../../i18n';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OptionLabels } from '../../engine/data/options';
import type { HotelCap } from '../../../shared/generated/value-lists';
import type { ContractTermsWire } from '../../../shared/generated/wire-types';

/** The hotel's caps (the terms marked x-hotel-cap): a new cap is a new key here, shown by this dialog. */
export type Caps = Pick<ContractTermsWire, HotelCap>;

const LEVELS = ['M', 'R', 'D', 'A', 'O'] as const;

/**
 * The hotel's caps, chosen as it accepts (issue 25 §2): they start from the proposal's, and
 * changing them is still an acceptance (never a counter-proposal). `onChange` hands them to the
 * move that sends them.
 */
export function AcceptCaps({
  initial,
  editFacts,
  labels,
  onChange,
}: {
  initial: Caps;
  editFacts: string;
  labels: OptionLabels;
  onChange(c: Caps): void;
}) {
  const t = useT();
  const [caps, setCaps] = useState(initial);
  const update = (next: Caps) => {
    setCaps(next);
    onChange(next);
  };
  if (editFacts === 'N') return null;
  const words = labels.get('contractModeration');
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 1.5 }} data-testid="accept-caps">
      <Typography variant="subtitle2">{t('partners.caps_title')}</Typography>
      <FormControlLabel
        control={
          <Switch
            checked={caps.hotel_allows_overrides}
            onChange={(e) =>
              update({
                hotel_allows_overrides: e.target.checked,
                hotel_moderation_cap: e.target.checked ? caps.hotel_moderation_cap : null,
              })
            }
          />
        }
        label={t('partners.caps_allow')}
      />
      {caps.hotel_allows_overrides && (
        <TextField
          select
          size="small"
          label={t('partners.caps_moderation')}
          value={caps.hotel_moderation_cap ?? ''}
          onChange={(e) =>
            update({ ...caps, hotel_moderation_cap: (e.target.value || null) as Caps['hotel_moderation_cap'] })
          }
        >
          <MenuItem value="">{t('partners.caps_none')}</MenuItem>
          {LEVELS.map((l) => (
            <MenuItem key={l} value={l}>
              {words?.get(l) ?? l}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
