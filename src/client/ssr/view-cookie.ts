import Cookies from 'js-cookie';
import { VIEW_COOKIE, type ClientView } from '../../shared/server-render';
import { LANGUAGE_KEY } from '../i18n/chosen-language';
import { sessionStore } from '../session/session';
import { browserLanguages, onViewChange, prefersDark, viewStorage } from '../platform/where';
import { APPEARANCE_KEY } from '../theme/appearance';
import { COLOR_MODE_KEY } from '../theme/color-mode';

/** The localStorage entries a first render reads (theme/color-mode.tsx, i18n/i18n-provider.tsx). */
const VIEW_KEYS = [COLOR_MODE_KEY, APPEARANCE_KEY, LANGUAGE_KEY];

/** A year: the view outlives sessions (a new sign-in is rendered by the server at once). */
const VIEW_DAYS = 365;

export function currentView(): ClientView {
  const storage: Record<string, string> = {};
  const stored = viewStorage();
  for (const key of VIEW_KEYS) {
    try {
      const value = stored?.getItem(key);
      if (value !== null && value !== undefined) storage[key] = value;
    } catch {
      // Blocked storage: the render reads nothing there either.
    }
  }
  return {
    storage,
    prefersDark: prefersDark(),
    languages: [...(browserLanguages() ?? [])],
    width: window.innerWidth,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/**
 * Tell the server what this browser's first render reads (VIEW_COOKIE), while someone is signed
 * in (the server renders only for a session; a signed-out visitor gets no cookie of ours): at
 * start, at sign-in, as soon as the app remembers a choice (colour mode, appearance, language:
 * platform/where's onViewChange), and whenever the page is left or hidden (a window resized
 * meanwhile is in the next load's render). Written only when it changed: the cookie goes with
 * every request.
 */
export function mirrorView(): void {
  const write = () => {
    if (!sessionStore.current()) return;
    const value = JSON.stringify(currentView());
    if (Cookies.get(VIEW_COOKIE) === value) return;
    Cookies.set(VIEW_COOKIE, value, {
      expires: VIEW_DAYS,
      path: '/',
      sameSite: 'Strict',
      secure: window.location.protocol === 'https:',
    });
  };
  write();
  sessionStore.subscribe(write);
  onViewChange(write);
  window.addEventListener('pagehide', write);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') write();
  });
}
