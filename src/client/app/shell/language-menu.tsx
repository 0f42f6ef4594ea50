import { Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { languageInfo } from '../../../shared/i18n/languages';
import { useLanguage, useT } from '../../i18n';
import { lazyComponent } from '../lazy/lazy-page';

const load = () => import('./language-menu-list').then((m) => m.LanguageMenuList);
const LazyLanguageMenuList = lazyComponent('language-menu', load);

/**
 * The interface's language, on every page signed in or not. Each language is listed by its own
 * name (in its own language and direction); signed in, the choice is saved to the profile. The
 * popup's code comes when the pointer or the focus reaches the button, mounted from the first
 * opening on.
 */
export function LanguageMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const warm = () => void load().catch(() => undefined);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        aria-haspopup="menu"
        aria-label={t('shell.language', { name: languageInfo(language).name })}
      >
        {language.toUpperCase()}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LazyLanguageMenuList
            anchor={anchor}
            language={language}
            onClose={() => setAnchor(null)}
            onChoose={(code) => {
              setAnchor(null);
              setLanguage(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
