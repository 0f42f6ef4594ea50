import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from './chunk-load';

export type LazyPage = LazyExoticComponent<ComponentType>;

/**
 * Every page goes through here: a lazy chunk, loaded with the time-out and ChunkLoadError of
 * loadChunk, picking the page's named export.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  chunk: string,
  importer: () => Promise<M>,
  exportName: K,
): LazyPage {
  return lazy(() => loadChunk(chunk, importer).then((module) => ({ default: module[exportName] })));
}

/** The same for any component with props (parts of the shell only signed-in users need). */
export function lazyComponent<P extends object>(
  chunk: string,
  importer: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadChunk(chunk, importer).then((component) => ({ default: component })));
}
