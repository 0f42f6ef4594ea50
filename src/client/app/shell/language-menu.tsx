import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';

/** Spec 000 §2: listed, and disabled: the portal speaks English for now. */
export const LANGUAGES = ['EN', 'ES', 'RU', 'FA'] as const;

export function LanguageMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-label="Language (only English for now)"
      >
        EN
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} aria-label="Languages">
        {LANGUAGES.map((code) => (
          <MenuItem key={code} disabled selected={code === 'EN'}>
            {code}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
