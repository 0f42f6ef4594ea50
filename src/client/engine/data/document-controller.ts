import { wirePathToClient } from '../../../shared/case';
import type { SectionDefinition, SectionEntry } from '../../../shared/section-types';
import { ApiFailure, errorMessages } from '../../api/errors';
import { withDefaults } from '../core/defaults';
import { FormStore, type Doc } from '../core/form-store';
import { pathKey } from '../core/paths';
import { serverProblems } from '../core/server-errors';
import { boundFields, fixFieldsLine, fromWire, prepareForSave, toWire, validateForSave } from '../core/validate';
import { conflictOf, Observable, type ControllerState, type SaveOutcome, type SectionController } from './controller';
import { readSection, type SectionHttp } from './section-api';

/**
 * One document section of a property (main info, facilities...): loads it the first time it
 * is needed, keeps its values in a FormStore, validates with the precompiled validator and
 * saves by create (not created yet) or update (with the version read, so a stale save is a 409).
 */
export class DocumentController extends Observable<ControllerState> implements SectionController {
  readonly store = new FormStore({});
  def?: SectionDefinition;
  private exists = false;
  private loading?: Promise<void>;

  constructor(
    readonly entry: SectionEntry,
    readonly propertyId: number,
    private readonly http: SectionHttp,
    readonly readOnly = false,
    private readonly onSaved?: () => void,
  ) {
    super({ phase: 'idle', saving: false, loadFailed: false });
    this.store.subscribeErrors(() => this.notify());
  }

  load(): Promise<void> {
    this.loading ??= this.fetch();
    return this.loading;
  }

  /**
   * Read the section again from the server after a history restore saved it there; a restore is a
   * save, so whoever follows saves (completeness, the publish state) hears of it too.
   */
  reload(): Promise<void> {
    this.loading = this.fetch();
    this.onSaved?.();
    return this.loading;
  }

  private async fetch(): Promise<void> {
    this.setState({ phase: 'loading' });
    const [def, wire] = await readSection(this.entry, this.http, this.entry.api!.get!, this.propertyId);
    this.def = def;
    this.take(wire);
    this.setState({ phase: 'ready', loadFailed: wire === undefined });
  }

  /** A fresh document from the server (or an empty one when it could not be read). */
  private take(wire: unknown): void {
    const doc = wire && typeof wire === 'object' ? fromWire(this.def!, wire) : {};
    this.exists = typeof doc.version === 'number';
    this.store.replace(withDefaults(this.def!.schema, { ...doc, hotel: this.propertyId }));
  }

  isDirty = (): boolean => this.store.isDirty();
  errorTotal = (): number => this.store.errorTotal();

  /** Blur: the field's own messages (and those of the fields a rule binds to it), from the whole document's validation. */
  validateField(key: string): void {
    if (!this.def) return;
    const problems = validateForSave(this.def, this.store.get());
    for (const k of boundFields(this.def.schema, key)) this.store.setErrorsAt(k, problems.fields.get(k) ?? []);
  }

  /** Save when changed; `force` also creates a section that does not exist yet (the Save button). */
  async save(force = false): Promise<SaveOutcome> {
    if (this.readOnly) return 'readonly';
    if (!this.def || this.getState().phase !== 'ready') return 'unchanged';
    if (!this.isDirty() && (this.exists || !force)) return 'unchanged';
    const def = this.def;
    const sent = this.store.get();
    const problems = validateForSave(def, sent);
    if (problems.lines.length) {
      this.store.setErrors(problems.fields, [fixFieldsLine(), ...problems.lines]);
      return 'invalid';
    }
    const body = toWire(def, prepareForSave(def.schema, sent));
    body.hotel = this.propertyId;
    this.setState({ saving: true });
    try {
      let answer: unknown;
      if (this.exists) answer = await this.http.call('PUT', this.entry.api!.update!, this.propertyId, body);
      else {
        const { id: _i, version: _v, ...fresh } = body;
        answer = await this.http.call('POST', this.entry.api!.create!, undefined, fresh);
      }
      this.afterSave(sent, answer);
      this.store.clearErrors();
      this.setState({ saving: false, conflict: undefined, loadFailed: false });
      this.onSaved?.();
      return 'saved';
    } catch (e) {
      this.setState({ saving: false });
      return this.failed(e);
    }
  }

  /** The saved document becomes the baseline; typing that happened meanwhile stays, unsaved. */
  private afterSave(sent: Doc, answer: unknown): void {
    const current = this.store.get();
    const saved = withDefaults(this.def!.schema, fromWire(this.def!, answer));
    this.exists = true;
    this.store.replace(saved);
    if (current !== sent) this.store.replace({ ...current, id: saved.id, version: saved.version }, false);
  }

  private failed(e: unknown): SaveOutcome {
    if (e instanceof ApiFailure && e.status === 409) {
      this.setState({ conflict: conflictOf(e.body) });
      return 'conflict';
    }
    if (e instanceof ApiFailure && e.status === 400) {
      const problems = serverProblems(this.def!, e.body);
      this.store.setErrors(problems.fields, problems.lines);
      return 'invalid';
    }
    this.store.setErrors(new Map(), errorMessages(e));
    return 'failed';
  }

  /** 409: take the other person's version, or keep mine and save it over theirs. */
  async resolveConflict(choice: 'reload' | 'keep'): Promise<SaveOutcome> {
    const conflict = this.getState().conflict;
    this.setState({ conflict: undefined });
    if (choice === 'reload') {
      const wire = await this.http.call('GET', this.entry.api!.get!, this.propertyId).catch(() => undefined);
      if (wire !== undefined) this.take(wire);
      this.store.clearErrors();
      return 'unchanged';
    }
    const version = conflict?.currentVersion;
    if (version !== undefined) {
      this.exists = true;
      this.store.set(['version'], version);
    }
    return this.save();
  }

  showMissing(missing: readonly { field: string; message: string }[]): void {
    if (!this.def) return;
    for (const m of missing) {
      const key = pathKey(wirePathToClient(m.field.split('.'), this.def.names));
      this.store.setErrorsAt(key, [m.message]);
    }
  }
}
