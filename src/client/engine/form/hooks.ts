import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { conditionInputs, holds } from '../../../shared/conditions';
import type { FormStore } from '../core/form-store';
import type { Visibility } from '../core/layout';
import { getIn, type Path } from '../core/paths';
import type { ControllerState, SectionController } from '../data/controller';

const never = () => () => undefined;

/** The top-level fields a set of conditions reads (a nested object's conditions read that object). */
export function conditionKeys(conditions: readonly Visibility[]): string[] {
  const keys = new Set<string>();
  for (const c of conditions) {
    if (c.at.length) keys.add(String(c.at[0]));
    else for (const k of conditionInputs(c.condition)) keys.add(k);
  }
  return [...keys];
}

/** The value at one path: woken only by changes of its top-level field, re-rendered when the value changed. */
export function useStoreValue(store: FormStore, path: Path): unknown {
  const head = String(path[0]);
  const subscribe = useCallback((l: () => void) => store.subscribeKeys([head], l), [store, head]);
  return useSyncExternalStore(subscribe, () => getIn(store.get(), path));
}

/** Whether every condition holds (absent counts as null); woken by the fields they read, re-rendered when it flips. */
export function useVisible(store: FormStore, conditions: readonly Visibility[]): boolean {
  const subscribe = useMemo(() => {
    const keys = conditionKeys(conditions);
    return keys.length ? (l: () => void) => store.subscribeKeys(keys, l) : never;
  }, [store, conditions]);
  return useSyncExternalStore(subscribe, () =>
    conditions.every((c) => holds(c.condition, getIn(store.get(), c.at) ?? null)),
  );
}

export function useFieldErrors(store: FormStore, key: string): readonly string[] {
  return useSyncExternalStore(store.subscribeErrors, () => store.errorsAt(key));
}

export function useTopErrors(store: FormStore): readonly string[] {
  return useSyncExternalStore(store.subscribeErrors, store.top);
}

export function useControllerState<S extends ControllerState>(controller: {
  subscribe: SectionController['subscribe'];
  getState: () => S;
}): S {
  return useSyncExternalStore(controller.subscribe, controller.getState);
}

/** A boolean read from a store on every change, re-rendering only when it flips. */
export function useStoreFlag(store: FormStore, read: (store: FormStore) => boolean): boolean {
  const snapshot = useCallback(() => read(store), [read, store]);
  return useSyncExternalStore(store.subscribe, snapshot);
}
