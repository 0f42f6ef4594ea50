import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { LANGUAGES, languageInfo } from '../../../shared/i18n/languages';
import { useLanguage, useT } from '../../i18n';

/**
 * The interface's language, on every page signed in or not. Each language is listed by its own
 * name (in its own language and direction); signed in, the choice is saved to the profile.
 */
export function LanguageMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { language, setLanguage } = useLanguage();
  const t = useT();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-label={t('shell.language', { name: languageInfo(language).name })}
      >
        {language.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} aria-label={t('shell.languages')}>
        {LANGUAGES.map((l) => (
          <MenuItem
            key={l.code}
            lang={l.code}
            dir={l.dir}
            selected={l.code === language}
            aria-current={l.code === language ? 'true' : undefined}
            onClick={() => {
              setAnchor(null);
              setLanguage(l.code);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
