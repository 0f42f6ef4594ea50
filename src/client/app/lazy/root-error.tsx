import { useRouteError } from 'react-router-dom';
import { ErrorNotice } from './error-notice';
import { translate } from '../../i18n/current';

/**
 * The last resort when the shell itself fails (a shell chunk that cannot load, a crash outside
 * a page): the error by name and message, and a Reload button.
 */
export function RootError() {
  const error = useRouteError();
  const e = error instanceof Error ? error : new Error(String(error));
  return (
    <ErrorNotice
      error={e}
      title={translate(e.name === 'ChunkLoadError' ? 'shell.app_not_loaded' : 'shell.app_failed')}
      centred
    />
  );
}
