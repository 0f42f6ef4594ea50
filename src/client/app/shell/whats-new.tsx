import { createContext, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import { LazyWhatsNewDialog } from './shell-dialogs-lazy';

const WhatsNewContext = createContext<() => void>(() => undefined);

/** Open the 'What's new' modal (from the user menu's "features", or the dashboard). */
export function useOpenWhatsNew(): () => void {
  return useContext(WhatsNewContext);
}

export function WhatsNewProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (and kept, so it closes with its transition).
  const [opened, setOpened] = useState(false);
  const value = useMemo(
    () => () => {
      setOpened(true);
      setOpen(true);
    },
    [],
  );
  return (
    <WhatsNewContext.Provider value={value}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <LazyWhatsNewDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </WhatsNewContext.Provider>
  );
}
