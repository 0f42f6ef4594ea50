import { useCallback, useSyncExternalStore } from 'react';
import { holds } from '../../../shared/conditions';
import type { FormStore } from '../core/form-store';
import type { Visibility } from '../core/layout';
import { getIn, type Path } from '../core/paths';
import type { ControllerState, SectionController } from '../data/controller';

const never = () => () => undefined;

/** The value at one path: the component re-renders when that value changes, not otherwise. */
export function useStoreValue(store: FormStore, path: Path): unknown {
  return useSyncExternalStore(store.subscribe, () => getIn(store.get(), path));
}

/** Whether every condition holds (absent counts as null); re-renders only when that flips. */
export function useVisible(store: FormStore, conditions: readonly Visibility[]): boolean {
  const snapshot = () => conditions.every((c) => holds(c.condition, getIn(store.get(), c.at) ?? null));
  return useSyncExternalStore(conditions.length ? store.subscribe : never, snapshot);
}

export function useFieldErrors(store: FormStore, key: string): readonly string[] {
  return useSyncExternalStore(store.subscribeErrors, () => store.errorsAt(key));
}

export function useTopErrors(store: FormStore): readonly string[] {
  return useSyncExternalStore(store.subscribeErrors, store.top);
}

export function useControllerState<S extends ControllerState>(controller: { subscribe: SectionController['subscribe']; getState: () => S }): S {
  return useSyncExternalStore(controller.subscribe, controller.getState);
}

/** A boolean read from a store on every change, re-rendering only when it flips. */
export function useStoreFlag(store: FormStore, read: (store: FormStore) => boolean): boolean {
  const snapshot = useCallback(() => read(store), [read, store]);
  return useSyncExternalStore(store.subscribe, snapshot);
}
