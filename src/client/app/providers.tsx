import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { I18nProvider } from '../i18n';
import { ColorModeProvider } from '../theme/color-mode';
import { queryClient } from './query-client';
import { GeneralModalProvider } from './shell/general-modal';
import { LoadingProvider } from '../components/loading-overlay';
import { LazyStepUpDialog } from './shell/shell-dialogs-lazy';
import { WhatsNewProvider } from './shell/whats-new';
import { useSession } from '../session/session';

/** Spec 000 §9: toasts last 5 seconds. */
export const TOAST_MS = 5_000;

/**
 * "Confirm it is you" is asked only of a signed-in user's calls: mounted while signed in, in its
 * own chunk, asked for at the first render (no first paint waits for it). A signed-out visitor's
 * first load does without that chunk and the dialog parts it brings.
 */
function StepUp() {
  if (!useSession()) return null;
  return (
    <Suspense fallback={null}>
      <LazyStepUpDialog />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ColorModeProvider>
          <SnackbarProvider
            autoHideDuration={TOAST_MS}
            maxSnack={3}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          >
            <LoadingProvider>
              <GeneralModalProvider>
                <WhatsNewProvider>{children}</WhatsNewProvider>
                <StepUp />
              </GeneralModalProvider>
            </LoadingProvider>
          </SnackbarProvider>
        </ColorModeProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
