import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES } from '../../../shared/i18n/languages';
import type { Language } from '../../../shared/i18n/languages';
import { useT } from '../../i18n';

/** The language menu's popup, in a chunk of its own (the top bar paints without MUI's Menu). */
export function LanguageMenuList({
  anchor,
  language,
  onClose,
  onChoose,
}: {
  anchor: HTMLElement | null;
  language: Language;
  onClose: () => void;
  onChoose: (language: Language) => void;
}) {
  const t = useT();
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose} aria-label={t('shell.languages')}>
      {LANGUAGES.map((l) => (
        <MenuItem
          key={l.code}
          lang={l.code}
          dir={l.dir}
          selected={l.code === language}
          aria-current={l.code === language ? 'true' : undefined}
          onClick={() => onChoose(l.code)}
        >
          {l.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
