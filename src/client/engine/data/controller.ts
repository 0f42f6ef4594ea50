import type { SectionEntry } from '../../../shared/section-types';
import { translate } from '../../i18n';

/** What a save came to. */
export type SaveOutcome = 'saved' | 'unchanged' | 'invalid' | 'conflict' | 'failed' | 'readonly';

/** Who changed a section meanwhile (a 409 body). */
export interface Conflict {
  detail: string;
  currentVersion?: number;
  updatedAt?: string;
  updatedBy?: { id: number; name: string; email: string } | null;
}

export interface ControllerState {
  phase: 'idle' | 'loading' | 'ready';
  saving: boolean;
  /** The section could not be loaded: it shows empty (spec 001 §4, §8). */
  loadFailed: boolean;
  conflict?: Conflict;
}

/** One section of a property in the editor: a document or a list. */
export interface SectionController {
  readonly entry: SectionEntry;
  readonly readOnly: boolean;
  load(): Promise<void>;
  /** Save when changed; `force` also saves what is unchanged but not stored yet. */
  save(force?: boolean): Promise<SaveOutcome>;
  isDirty(): boolean;
  /** Fields with errors plus messages above the section (a tab with any shows a mark). */
  errorTotal(): number;
  /** Messages of publish rules at fields (dotted wire paths from the completeness call). */
  showMissing(missing: readonly { field: string; message: string }[]): void;
  subscribe(listener: () => void): () => void;
  getState(): ControllerState;
}

/** A tiny observable state holder the controllers share. */
export class Observable<S> {
  private listeners = new Set<() => void>();
  constructor(private state: S) {}
  getState = (): S => this.state;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  protected setState(patch: Partial<S>): void {
    this.state = { ...this.state, ...patch };
    this.notify();
  }
  protected notify(): void {
    for (const l of [...this.listeners]) l();
  }
}

export function conflictOf(body: unknown): Conflict {
  const b = (body ?? {}) as Record<string, unknown>;
  return {
    detail: typeof b.detail === 'string' ? b.detail : translate('engine.changed_meanwhile'),
    currentVersion: typeof b.current_version === 'number' ? b.current_version : undefined,
    updatedAt: typeof b.updated_at === 'string' ? b.updated_at : undefined,
    updatedBy: (b.updated_by as Conflict['updatedBy']) ?? null,
  };
}
