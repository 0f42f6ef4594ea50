import { useEffect } from 'react';
import { usePreferences } from '../../session/use-preferences';
import { appearanceOf } from '../../theme/appearance';
import { useColorMode } from '../../theme/color-mode';

/** Signed in: the shell follows the account's preferences (sidebar colour, layout, theme) as they load and change. */
export function AppearanceSync() {
  const { data } = usePreferences();
  const { applyAccount } = useColorMode();
  useEffect(() => {
    if (data) applyAccount(appearanceOf(data));
  }, [data, applyAccount]);
  return null;
}
