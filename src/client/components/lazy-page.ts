import { createElement, lazy, type ComponentType } from 'react';
import { inBrowser } from '../platform/where';
import { loadChunk } from './chunk-load';

/** A page's lazy component, and a way to start loading its chunk before it renders. */
export type LazyPage = ComponentType & {
  /** Starts loading the chunk; settles when it is in (or failed: the render then shows the failure). */
  preload(): Promise<void>;
};

interface Once<T> {
  (): Promise<T>;
  /** What the load gave, once it has. */
  value(): T | undefined;
}

/** One load per chunk, shared by the preload and the render (a failed load may be tried again). */
function once<T>(load: () => Promise<T>): Once<T> {
  let pending: Promise<T> | undefined;
  let loaded: { value: T } | undefined;
  const start = () => {
    pending ??= load().then(
      (value) => {
        loaded = { value };
        return value;
      },
      (cause: unknown) => {
        pending = undefined;
        throw cause;
      },
    );
    return pending;
  };
  return Object.assign(start, { value: () => loaded?.value });
}

/**
 * A thenable that answers at once, inside `then`: React.lazy then renders the component without
 * suspending. React only calls `then` on what the factory returns (hence the cast to its type).
 */
function settled<T>(value: T): Promise<T> {
  const thenable = { then: (onFulfilled: (v: T) => unknown) => onFulfilled(value) };
  return thenable as unknown as Promise<T>;
}

/** Starts the load; settles when it is in, or failed: not an error yet, the render loads again and shows it. */
const preloadOf =
  <T>(load: Once<T>) =>
  (): Promise<void> =>
    load().then(
      () => undefined,
      () => undefined,
    );

/** Each chunk's loads by its name (loadChunk's): several parts may share one chunk. */
const loadsByChunk = new Map<string, Array<() => Promise<void>>>();
/** In a server render: the chunks whose parts it rendered (entry-server.tsx hands them to the client). */
const renderedChunks = new Set<string>();

/** Loads the named chunks (a server-rendered page's, before it is hydrated); settles when all are in or failed. */
export function preloadChunks(names: readonly string[]): Promise<void> {
  return Promise.all(names.flatMap((name) => loadsByChunk.get(name) ?? []).map((preload) => preload())).then(
    () => undefined,
  );
}

/** The chunks rendered since the last call (on the server, one render at a time). */
export function takeRenderedChunks(): string[] {
  const names = [...renderedChunks];
  renderedChunks.clear();
  return names;
}

/**
 * A lazy component over a load. A chunk already in renders at once, without suspending. Suspended,
 * its part would show the boundary's fallback, and React 19 holds back a boundary's content for
 * 300 ms after any fallback was shown (its fallback throttle): a cold load whose first render
 * suspended showed its page some 300 ms after the page's code was in, unless an unrelated update
 * (the session's user checked) happened to render it again sooner. A server-rendered page needs it
 * as well: suspended, a part would wait for another pass, and an update reaching it meanwhile makes
 * React throw the server's markup away and render it afresh.
 */
function lazyOver<T, P extends object>(
  chunk: string,
  load: Once<T>,
  pick: (loaded: T) => ComponentType<P>,
): ComponentType<P> {
  loadsByChunk.set(chunk, [...(loadsByChunk.get(chunk) ?? []), preloadOf(load)]);
  const Lazy = lazy(() => {
    const loaded = load.value();
    if (loaded !== undefined) return settled({ default: pick(loaded) });
    return load().then((value) => ({ default: pick(value) }));
  }) as unknown as ComponentType<P>;
  // Noted at every render, not in lazy's factory: that runs once, and the server's bundle renders
  // many pages with the same components.
  function Part(props: P) {
    if (!inBrowser) renderedChunks.add(chunk);
    return createElement(Lazy, props);
  }
  Part.displayName = `Lazy(${chunk})`;
  return Part;
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
  const page = lazyOver(chunk, load, (module) => module[exportName]);
  return Object.assign(page, {
    preload: preloadOf(load),
  });
}

/** A lazy component with props and its preload (parts of the shell only signed-in users need). */
export type LazyPart<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/** The same for any component with props (parts of the shell only signed-in users need). */
export function lazyComponent<P extends object>(chunk: string, importer: () => Promise<ComponentType<P>>): LazyPart<P> {
  const load = once(() => loadChunk(chunk, importer));
  return Object.assign(
    lazyOver(chunk, load, (component) => component),
    { preload: preloadOf(load) },
  );
}
