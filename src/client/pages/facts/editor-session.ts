import { holds } from '../../../shared/conditions';
import type { SectionDefinition, SectionEntry } from '../../../shared/section-types';
import type { Doc } from '../../engine/core/form-store';
import type { SaveOutcome, SectionController } from '../../engine/data/controller';
import { DocumentController } from '../../engine/data/document-controller';
import { ListController } from '../../engine/data/list-controller';
import { sectionHttp, type SectionHttp } from '../../engine/data/section-api';
import { toWire } from '../../engine/core/validate';
import type { EditorTab } from './tabs';

export interface TabSave {
  ok: boolean;
  outcomes: SaveOutcome[];
}

/**
 * The sections of one property while its editor is open: a controller per section, made the
 * first time its tab shows and kept when the tab is left, so nothing typed is lost by switching.
 */
export class EditorSession {
  private controllers = new Map<string, SectionController>();
  private listeners = new Set<() => void>();

  constructor(
    readonly propertyId: number,
    readonly readOnly: boolean,
    private readonly onSaved: () => void = () => undefined,
    private readonly http: SectionHttp = sectionHttp,
  ) {}

  controller(entry: SectionEntry): SectionController {
    let c = this.controllers.get(entry.key);
    if (!c) {
      c =
        entry.kind === 'list'
          ? new ListController(entry, this.propertyId, this.http, this.readOnly, this.onSaved)
          : new DocumentController(entry, this.propertyId, this.http, this.readOnly, this.onSaved);
      this.controllers.set(entry.key, c);
      c.subscribe(this.emit);
      if (c instanceof DocumentController) c.store.subscribe(this.emit);
      // Made while a tab renders: tell the tab bar after that render.
      queueMicrotask(this.emit);
    }
    return c;
  }

  /** Any change in any open section (values, errors, state); subscribers select what they need. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit = (): void => {
    for (const l of [...this.listeners]) l();
  };

  /** Start loading a tab's sections now (a click on its tab), not after the tab has rendered. */
  prefetch(tab: EditorTab): void {
    for (const entry of tab.entries) void this.controller(entry).load();
  }

  /** The controllers made so far (sections opened in this visit). */
  opened(): SectionController[] {
    return [...this.controllers.values()];
  }

  existing(key: string): SectionController | undefined {
    return this.controllers.get(key);
  }

  anyDirty(): boolean {
    return !this.readOnly && this.opened().some((c) => c.isDirty());
  }

  /** Save a tab's sections (those opened); `force` saves untouched ones too (the Save button). */
  async saveTab(tab: EditorTab, force = false): Promise<TabSave> {
    const outcomes: SaveOutcome[] = [];
    for (const entry of tab.entries) {
      const c = this.controllers.get(entry.key);
      if (c) outcomes.push(await c.save(force));
    }
    return { ok: outcomes.every((o) => o === 'saved' || o === 'unchanged'), outcomes };
  }

  /** Save every section with changes (before publishing, before leaving). */
  async saveDirty(): Promise<TabSave> {
    const outcomes: SaveOutcome[] = [];
    for (const c of this.opened()) if (c.isDirty()) outcomes.push(await c.save());
    return { ok: outcomes.every((o) => o === 'saved' || o === 'unchanged'), outcomes };
  }

  /**
   * A tab's rule evaluated on the controlling section as it is being edited, when that section
   * is open here; undefined otherwise (the completeness call then says).
   */
  liveEnabled(rule: NonNullable<SectionEntry['enabledIf']>): boolean | undefined {
    const c = this.controllers.get(rule.section);
    if (!(c instanceof DocumentController) || !c.def || c.getState().phase !== 'ready') return undefined;
    return holds(rule.condition, this.wireOf(c.def, c.store.get()));
  }

  /**
   * The tab bar asks on every change in any open section (each keystroke), once per ruled tab:
   * the controlling document is converted once per version of it, not once per ask.
   */
  private wires = new WeakMap<Doc, Doc>();
  private wireOf(def: SectionDefinition, doc: Doc): Doc {
    let wire = this.wires.get(doc);
    if (!wire) this.wires.set(doc, (wire = toWire(def, doc)));
    return wire;
  }
}
