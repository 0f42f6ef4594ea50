import { getIn, pathKey, setIn, type Path } from './paths';

export type Doc = Record<string, unknown>;
type Listener = () => void;

const NO_ERRORS: readonly string[] = Object.freeze([]);

/**
 * One section's (or one list row's) values and errors, outside React. Fields subscribe to their
 * own slice (useSyncExternalStore with a selector), so a keystroke re-renders the field that
 * changed and whatever depends on it, never the whole form.
 */
export class FormStore {
  private doc: Doc;
  private saved: Doc;
  private listeners = new Set<Listener>();
  /** Listeners of one top-level field (a field, or a condition reading it). */
  private keyed = new Map<string, Set<Listener>>();
  private fieldErrors = new Map<string, readonly string[]>();
  private topErrors: readonly string[] = NO_ERRORS;
  private errorListeners = new Set<Listener>();
  private errorCount = 0;

  constructor(doc: Doc) {
    this.doc = doc;
    this.saved = doc;
  }

  get = (): Doc => this.doc;
  getAt = (path: Path): unknown => getIn(this.doc, path);

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Listen to changes of some top-level fields only: a keystroke in one field then wakes that
   * field and whatever reads it, not every field of the section.
   */
  subscribeKeys(keys: readonly string[], listener: Listener): () => void {
    for (const key of keys) {
      let set = this.keyed.get(key);
      if (!set) this.keyed.set(key, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const key of keys) this.keyed.get(key)?.delete(listener);
    };
  }

  /** Set one field; its errors go (the person is fixing it). */
  set(path: Path, value: unknown): void {
    const next = setIn(this.doc, path, value);
    if (next === this.doc) return;
    this.doc = next;
    this.clearErrorsAt(pathKey(path));
    this.emit(String(path[0]));
  }

  /** Replace the whole document; `saved` marks it as what the server holds. */
  replace(doc: Doc, saved = true): void {
    this.doc = doc;
    if (saved) this.saved = doc;
    this.emit();
  }

  /** Changes since the last load or save. */
  isDirty = (): boolean => this.doc !== this.saved;

  /** The document as last loaded or saved. */
  savedDoc = (): Doc => this.saved;

  /** Wake the listeners of `key` (all keyed listeners when no key: the whole document changed). */
  private emit(key?: string): void {
    if (key === undefined) for (const set of this.keyed.values()) for (const l of [...set]) l();
    else for (const l of [...(this.keyed.get(key) ?? [])]) l();
    for (const l of [...this.listeners]) l();
  }

  // Errors ------------------------------------------------------------------------------------

  subscribeErrors = (listener: Listener): (() => void) => {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  };

  errorsAt = (key: string): readonly string[] => this.fieldErrors.get(key) ?? NO_ERRORS;
  top = (): readonly string[] => this.topErrors;
  /** Fields with errors plus top messages: what marks a tab. */
  errorTotal = (): number => this.errorCount;
  fieldErrorKeys = (): string[] => [...this.fieldErrors.keys()];

  /** Replace every error: field messages by key and the list shown above the section. */
  setErrors(fields: ReadonlyMap<string, readonly string[]>, top: readonly string[] = NO_ERRORS): void {
    this.fieldErrors = new Map([...fields].filter(([, m]) => m.length > 0));
    this.topErrors = top.length ? top : NO_ERRORS;
    this.emitErrors();
  }

  /** Set or clear the messages of one field (blur validation). */
  setErrorsAt(key: string, messages: readonly string[]): void {
    const before = this.fieldErrors.get(key);
    if (!messages.length && !before) return;
    if (messages.length) this.fieldErrors.set(key, messages);
    else this.fieldErrors.delete(key);
    this.emitErrors();
  }

  clearErrors(): void {
    if (!this.fieldErrors.size && !this.topErrors.length) return;
    this.setErrors(new Map());
  }

  private clearErrorsAt(key: string): void {
    if (this.fieldErrors.has(key)) {
      this.fieldErrors.delete(key);
      this.emitErrors();
    }
  }

  private emitErrors(): void {
    this.errorCount = this.fieldErrors.size + this.topErrors.length;
    for (const l of [...this.errorListeners]) l();
  }
}
