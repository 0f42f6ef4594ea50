import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from './chunk-load';

/** A page's lazy component, and a way to start loading its chunk before it renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the chunk; settles when it is in (or failed: the render then shows the failure). */
  preload(): Promise<void>;
};

/** One load per chunk, shared by the preload and the render (a failed load may be tried again). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((cause: unknown) => {
      pending = undefined;
      throw cause;
    });
    return pending;
  };
}

/**
 * Every page goes through here: a lazy chunk, loaded with the time-out and ChunkLoadError of
 * loadChunk, picking the page's named export. `preload` starts that same load early (the
 * router calls it as a navigation starts, so the chunk comes while the shell renders).
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  chunk: string,
  importer: () => Promise<M>,
  exportName: K,
): LazyPage {
  const load = once(() => loadChunk(chunk, importer));
  const page = lazy(() => load().then((module) => ({ default: module[exportName] })));
  return Object.assign(page, {
    // A failed preload is not an error yet: the render loads again and shows the failure.
    preload: () =>
      load().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** The same for any component with props (parts of the shell only signed-in users need). */
export function lazyComponent<P extends object>(
  chunk: string,
  importer: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadChunk(chunk, importer).then((component) => ({ default: component })));
}
