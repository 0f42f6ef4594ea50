import type { Condition } from '../conditions.js';
import type { Language } from '../i18n/languages.js';
import type { Translator } from '../i18n/translator.js';
import type { OptionList } from '../bundle-types.js';
import type { SheetLayout } from './languages.js';

/** The fact sheet's shapes: the model every output shows, and what building it takes. */

/**
 * The fact sheet as data: what every output shows (the PDF, the operator's read-only fact sheet,
 * later the widget and mail bodies). Built by `buildFactSheet` from the schemas, the stored
 * documents, the option lists and a language; it decides labels, values and order, the views
 * only decide looks. A field added to a schema appears here with no code change.
 */
export interface FactSheet {
  language: Language;
  dir: 'ltr' | 'rtl';
  layout: SheetLayout;
  title: string;
  property: SheetProperty;
  /** The company's logo (preferences add_logo), or an operator's where a contract allows. */
  logo?: SheetImage;
  /** First page. */
  featured?: SheetImage;
  /** The photo page (featured excluded). */
  photos: SheetImage[];
  sections: SheetSection[];
  /**
   * An earlier publication's sheet: which publication replaced it ("Superseded by publication 4 of
   * 2026-12-02"), printed under the title so no reader takes it for the current facts; absent otherwise.
   */
  superseded?: string;
  /** Footer lines: when the facts were published, when this copy was printed (and what superseded it). */
  notes: string[];
}

export interface SheetProperty {
  id: number;
  name: string;
  /** "City, Country" as stored. */
  place: string;
  /** The property's own logo. */
  logo?: SheetImage;
}

export interface SheetImage {
  /** Whatever the view's images load from: a server route, or the printer's asset URL. */
  url: string;
  caption?: string;
}

export type SheetSection = DocumentSection | ListSection;

export interface DocumentSection {
  kind: 'document';
  key: string;
  title: string;
  groups: SheetGroup[];
}

export interface ListSection {
  kind: 'list';
  key: string;
  title: string;
  /** The item's name ("Room"). */
  itemLabel: string;
  columns: SheetColumn[];
  rows: SheetRow[];
}

export interface SheetColumn {
  key: string;
  label: string;
}

export interface SheetRow {
  /** The row's id (rooms, restaurants...), when it has one. */
  id?: number;
  /** Since an earlier sheet (markChanges): a row added, changed, or removed (listed with its last values). */
  change?: 'added' | 'changed' | 'removed';
  /** The first column's value, else "Room 2". */
  title: string;
  /** One display value per column ('' when empty). */
  cells: string[];
  /** The row's other filled facts, by group (empty when every field is a column). */
  details: SheetGroup[];
}

export interface SheetGroup {
  key: string;
  title: string;
  fields: SheetField[];
}

export type FieldKind = 'flag' | 'choice' | 'list' | 'number' | 'text' | 'longtext' | 'row';

export interface SheetField {
  /** Property path, e.g. pets_allowed or tax.tax_applicable (a dense-table row: its flag field). */
  key: string;
  label: string;
  /** What the reader sees ("Yes", "80 meters", "Pool bar, Lobby bar"). */
  value: string;
  kind: FieldKind;
  /** flag fields (and rows led by a flag): the flag itself, for layouts that list only what a hotel has. */
  on?: boolean;
  /** Marks (operator views): the value shown in an earlier sheet ('' when empty then: markChanges). */
  changedFrom?: string;
  /** The hotel's own value where an operator's override replaced it. */
  hotelValue?: string;
  /** The hotel's newer value of a field the operator overrides (drift). */
  driftValue?: string;
}

/** A ref-free schema node (wire or client names: values are read by the schema's own property names). */
export type SchemaNode = {
  title?: string;
  type?: string | readonly string[];
  format?: string;
  enum?: readonly unknown[];
  properties?: Readonly<Record<string, SchemaNode>>;
  items?: SchemaNode;
  'x-options'?: string;
  'x-texts'?: unknown;
  'x-section'?: { key: string; title: string; 'x-texts'?: unknown };
  'x-ui'?: SchemaUi;
  [keyword: string]: unknown;
};

interface SchemaUi {
  group?: string;
  order?: number;
  widget?: string;
  visibleIf?: Condition;
  unitOf?: string;
  rangeOf?: string;
  row?: string;
  column?: 'flag' | 'supplier' | 'charges' | 'detail';
  itemLabel?: string;
  summary?: readonly string[];
  groups?: readonly { key: string; title: string; order?: number; visibleIf?: Condition; 'x-texts'?: unknown }[];
}

export interface SectionInput {
  key: string;
  kind: 'document' | 'list';
  order?: number;
  schema: SchemaNode;
  /** The stored document (document sections) or rows (list sections); undefined when none yet. */
  data: Record<string, unknown> | readonly Record<string, unknown>[] | undefined;
  /** x-section.enabledIf, evaluated on the other sections' data (same names as their schemas). */
  enabledIf?: { section: string; condition: Condition };
  /** Whether the section applies, when the caller decided it already (wins over enabledIf). */
  enabled?: boolean;
}

export interface FactSheetInput {
  /** The sheet's language and its words (the server's translator of that language). */
  words: Translator;
  layout: SheetLayout;
  property: SheetProperty;
  sections: readonly SectionInput[];
  /** Every option list (labels in every language). */
  options: readonly OptionList[];
  /** Option labels from elsewhere (a client's lists loaded in one language); answers undefined to use `options`. */
  label?: (category: string, value: string) => string | undefined;
  logo?: SheetImage;
  featured?: SheetImage;
  photos?: SheetImage[];
  /** The date the sheet is made (YYYY-MM-DD) and the facts were last published, if so. */
  createdOn: string;
  publishedOn?: string | null;
  /** The publication that replaced the one printed (its number and day, YYYY-MM-DD): an earlier publication's sheet. */
  supersededBy?: { number: number; on: string } | null;
}
