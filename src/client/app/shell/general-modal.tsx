import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LazyGeneralModalDialog } from './shell-dialogs-lazy';

export interface GeneralModalContent {
  title: string;
  message: string;
  secondMessage?: string;
}

const GeneralModalContext = createContext<(content: GeneralModalContent) => void>(() => undefined);

/** Show the app-wide modal (spec 000 §2: a title, two messages and an Ok button). */
export function useGeneralModal(): (content: GeneralModalContent) => void {
  return useContext(GeneralModalContext);
}

export function GeneralModalProvider({ children }: { children: ReactNode }) {
  const [content, setContent] = useState<GeneralModalContent | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: GeneralModalContent) => {
    setContent(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => show, [show]);
  return (
    <GeneralModalContext.Provider value={value}>
      {children}
      {/* Mounted from the first show on (and kept, so it closes with its transition). */}
      {content && (
        <Suspense fallback={null}>
          <LazyGeneralModalDialog open={open} content={content} onClose={close} />
        </Suspense>
      )}
    </GeneralModalContext.Provider>
  );
}
