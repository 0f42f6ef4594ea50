import { rowSummary } from '../../../shared/validation-messages';
import type { SectionDefinition, SectionEntry } from '../../../shared/section-types';
import { ApiFailure, errorMessages } from '../../api/errors';
import { withDefaults } from '../core/defaults';
import { FormStore, type Doc } from '../core/form-store';
import { serverProblems } from '../core/server-errors';
import { boundFields, fromWire, prepareForSave, toWire, validateForSave } from '../core/validate';
import { Observable, type ControllerState, type SaveOutcome, type SectionController } from './controller';
import { readSection, type SectionHttp } from './section-api';
import { rowWords } from './row-order';
import { currentTranslator } from '../../i18n';
import { definitionNow } from '../texts/use-schema-texts';

export interface ListRow {
  /** Client-side identity (a new row has id 0 until saved). */
  uid: number;
  store: FormStore;
}

export interface ListState extends ControllerState {
  rows: readonly ListRow[];
  /** The one row whose editor is open. */
  open: number | null;
}

let nextUid = 1;

/**
 * A list section (rooms, restaurants, bars, maintenance): rows added locally with id 0, edited
 * one at a time, saved together as one array. Rooms are deleted on the server at once (the
 * list save leaves rows it does not name); the other lists drop what the saved array omits.
 */
export class ListController extends Observable<ListState> implements SectionController {
  def?: SectionDefinition;
  /** Messages above the list (row summaries, server failures). */
  readonly meta = new FormStore({});
  private savedUids: readonly number[] = [];
  private loading?: Promise<void>;
  private rowListeners = new Map<number, () => void>();

  constructor(
    readonly entry: SectionEntry,
    readonly propertyId: number,
    private readonly http: SectionHttp,
    readonly readOnly = false,
    private readonly onSaved?: () => void,
  ) {
    super({ phase: 'idle', saving: false, loadFailed: false, rows: [], open: null });
    this.meta.subscribeErrors(() => this.notify());
  }

  /** The name of one item in the language on screen (the row summaries say "Room (2): ..."). */
  get itemLabel(): string {
    const def = this.def && definitionNow(this.def);
    return (def?.schema['x-ui'] as { itemLabel?: string } | undefined)?.itemLabel ?? this.entry.title;
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
    const [def, wire] = await readSection(this.entry, this.http, this.entry.api!.list!, this.propertyId);
    this.def = def;
    const rows = Array.isArray(wire) ? wire.map((w) => this.makeRow(fromWire(def, w))) : [];
    this.setRows(rows, true);
    this.setState({ phase: 'ready', loadFailed: !Array.isArray(wire) });
  }

  private makeRow(doc: Doc): ListRow {
    const store = new FormStore(withDefaults(this.def!.schema, { ...doc, hotel: this.propertyId }));
    return { uid: nextUid++, store };
  }

  private setRows(rows: readonly ListRow[], saved = false): void {
    for (const [uid, off] of this.rowListeners) {
      if (rows.some((r) => r.uid === uid)) continue;
      off();
      this.rowListeners.delete(uid);
    }
    for (const row of rows) {
      if (this.rowListeners.has(row.uid)) continue;
      // Row changes (values, errors, selection) reach the list's subscribers; their selectors decide.
      const offValues = row.store.subscribe(() => this.notify());
      const offErrors = row.store.subscribeErrors(() => this.notify());
      this.rowListeners.set(row.uid, () => {
        offValues();
        offErrors();
      });
    }
    if (saved) this.savedUids = rows.map((r) => r.uid);
    const open = rows.some((r) => r.uid === this.getState().open) ? this.getState().open : null;
    this.setState({ rows, open });
  }

  open(uid: number | null): void {
    this.setState({ open: this.getState().open === uid ? null : uid });
  }

  /** A blank row (id 0), opened for editing. */
  add(): ListRow {
    const row = this.makeRow({ id: 0 });
    this.setRows([...this.getState().rows, row]);
    this.setState({ open: row.uid });
    return row;
  }

  /** Gone from the list at once; a stored room is deleted on the server too (put back if that fails). */
  async remove(uid: number): Promise<void> {
    const rows = this.getState().rows;
    const index = rows.findIndex((r) => r.uid === uid);
    if (index < 0) return;
    const row = rows[index]!;
    this.setRows(rows.filter((r) => r.uid !== uid));
    const id = Number(row.store.get().id ?? 0);
    if (!this.entry.api?.remove || id === 0) return;
    try {
      await this.http.call('DELETE', this.entry.api.remove, id);
      this.savedUids = this.savedUids.filter((u) => u !== uid);
    } catch (e) {
      const now = [...this.getState().rows];
      now.splice(Math.min(index, now.length), 0, row);
      this.setRows(now);
      this.meta.setErrors(new Map(), errorMessages(e));
    }
  }

  isDirty = (): boolean => {
    const { rows } = this.getState();
    return rows.length !== this.savedUids.length || rows.some((r, i) => r.uid !== this.savedUids[i] || r.store.isDirty());
  };

  errorTotal = (): number => this.meta.errorTotal() + this.getState().rows.reduce((n, r) => n + r.store.errorTotal(), 0);

  /** Blur: the field's own messages in its row (and those of the fields a rule binds to it). */
  validateField(row: ListRow, key: string): void {
    if (!this.def) return;
    const problems = validateForSave(this.def, row.store.get());
    for (const k of boundFields(this.def.schema, key)) row.store.setErrorsAt(k, problems.fields.get(k) ?? []);
  }

  /** Copy the named fields of one row to the selected rows (a bulk action; not saved until Save). */
  copyToSelected(from: ListRow, fields: readonly string[]): number {
    let n = 0;
    for (const row of this.getState().rows) {
      if (row === from || row.store.get().isSelected !== true) continue;
      for (const f of fields) row.store.set([f], structuredClone(from.store.get()[f]));
      n++;
    }
    return n;
  }

  async save(force = false): Promise<SaveOutcome> {
    if (this.readOnly) return 'readonly';
    if (!this.def || this.getState().phase !== 'ready') return 'unchanged';
    if (!force && !this.isDirty()) return 'unchanged';
    const def = this.def;
    const rows = this.getState().rows;
    const lines: string[] = [];
    rows.forEach((row, i) => {
      const problems = validateForSave(def, row.store.get());
      row.store.setErrors(problems.fields);
      const words = rowWords(def.schema, problems.issues);
      if (words.length) lines.push(rowSummary(currentTranslator(), this.itemLabel, i, words));
    });
    if (lines.length) {
      this.meta.setErrors(new Map(), lines);
      return 'invalid';
    }
    const sent = rows.map((r) => r.store.get());
    const body = sent.map((doc) => ({ ...toWire(def, prepareForSave(def.schema, doc)), hotel: this.propertyId }));
    this.setState({ saving: true });
    try {
      const answer = await this.http.call('POST', this.entry.api!.save!, this.propertyId, body);
      if (!Array.isArray(answer)) throw new Error('Invalid response data format');
      rows.forEach((row, i) => {
        const saved = withDefaults(def.schema, { ...fromWire(def, answer[i]), isSelected: row.store.get().isSelected });
        const current = row.store.get();
        row.store.replace(saved);
        if (current !== sent[i]) row.store.replace({ ...current, id: saved.id }, false);
        row.store.clearErrors();
      });
      this.savedUids = rows.map((r) => r.uid);
      this.meta.clearErrors();
      this.setState({ saving: false, loadFailed: false });
      this.onSaved?.();
      return 'saved';
    } catch (e) {
      this.setState({ saving: false });
      if (e instanceof ApiFailure && e.status === 400) {
        const problems = serverProblems(def, e.body);
        problems.rows.forEach((fields, i) => rows[i]?.store.setErrors(fields));
        this.meta.setErrors(new Map(), problems.lines);
        return 'invalid';
      }
      this.meta.setErrors(new Map(), e instanceof ApiFailure ? errorMessages(e) : [(e as Error).message]);
      return 'failed';
    }
  }

  showMissing(): void {
    // Lists have no publish rules of their own: a row that breaks a rule is never saved.
  }
}
