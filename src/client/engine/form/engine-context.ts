import { createContext, useContext } from 'react';
import type { Registry } from '@rjsf/utils';
import type { FormStore } from '../core/form-store';
import type { SectionLayout } from '../core/layout';
import { NO_LABELS, type OptionLabels } from '../data/options';

/** What every field of one form shares; the value never changes while the form lives. */
export interface Engine {
  store: FormStore;
  layout: SectionLayout;
  readOnly: boolean;
  /** Prefix of the form's element ids (two forms on a page never share an id). */
  idPrefix: string;
  onBlurField(key: string): void;
}

export const EngineContext = createContext<Engine | null>(null);

/** rjsf's registry of the form (widgets, templates, fields), handed down by the section field. */
export const RegistryContext = createContext<Registry | null>(null);

/** Option labels in the user's language (values always come from the schema). */
export const LabelsContext = createContext<OptionLabels>(NO_LABELS);

export function useEngine(): Engine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useEngine outside a section form');
  return engine;
}

export function useRegistry(): Registry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry outside a section form');
  return registry;
}
