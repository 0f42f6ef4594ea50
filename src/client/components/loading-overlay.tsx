import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../i18n';

/** The overlay itself; also the fallback while a page's code loads. */
export function LoadingOverlay({ open = true }: { open?: boolean }) {
  const t = useT();
  return (
    <Backdrop open={open} sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff' }} data-testid="loading-overlay">
      {/* Only while shown: a hidden spinner would animate on every frame of every page. */}
      {open && <CircularProgress color="inherit" aria-label={t('common.loading')} />}
    </Backdrop>
  );
}

/**
 * The overlay after a short delay: a page chunk that arrives quickly shows no grey flash, a
 * slow one still shows that something is happening.
 */
export function DelayedOverlay({ delayMs = 300 }: { delayMs?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return <LoadingOverlay open={shown} />;
}

type Track = <T>(work: Promise<T>) => Promise<T>;

const LoadingContext = createContext<Track>((work) => work);

/** Cover the app while `work` runs (spec 000 §2: a loading overlay); nested calls are counted. */
export function useLoading(): Track {
  return useContext(LoadingContext);
}

export function LoadingProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(0);
  const track = useCallback<Track>(async (work) => {
    setPending((n) => n + 1);
    try {
      return await work;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);
  const value = useMemo(() => track, [track]);
  return (
    <LoadingContext.Provider value={value}>
      {children}
      <LoadingOverlay open={pending > 0} />
    </LoadingContext.Provider>
  );
}
