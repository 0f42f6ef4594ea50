import type { OtaTarget } from '../../../../shared/bundle-types.js';
import type { FieldKind } from '../../../../shared/fact-sheet/index.js';
import type { OtaCode } from '../../../../shared/ota/codes.js';

/** One fact as the fact sheet prints it, with what the OTA builder needs besides. */
export interface Fact {
  path: string;
  label: string;
  /** As printed: option labels, Yes/No, units and range ends joined, in the language asked. */
  value: string;
  kind: FieldKind | 'value';
  /** A flag's (or a dense-table row's) state. */
  on?: boolean;
  /** A list's values, each as printed. */
  items?: string[];
  /** The stored value (value slots: numbers, times, codes). */
  raw: unknown;
  /** The option list of the value (or of a list's values), if any. */
  options?: string;
  /** The title of the field's group (names a keyed element: "Beach", "Cots & babysitter"). */
  groupTitle: string;
  /** The fact section (or "photo") it comes from. */
  section: string;
  /** Its OpenTravel codes: the field's own (x-ota), else its choice's value's (ota). */
  codes: OtaCode[];
  /** A list's values' codes, one entry per item of `items`. */
  itemCodes?: OtaCode[][];
  /** A charges value: included in the room rate (true) or charged (false). */
  included?: boolean;
  /** The slot it fills when its route names one other than text (quantity, from, amount...). */
  slot?: string;
  /** Its route says everything it sends is included in the rate (ota-mapping.json `included`). */
  includedByRoute?: true;
  /** The fields its visibility requires to be yes (x-ui.visibleIf): the facts it is a detail of. */
  dependsOn?: readonly string[];
  /** Other fields depend on it: a thing of its own, never a detail of another. */
  leads?: true;
  /** The stored end of its range (x-ui.rangeOf), for a from/to pair. */
  end?: unknown;
  /** The codes of its unit's value (x-ui.unitOf: meters, kilometers...). */
  unitCodes?: OtaCode[];
}

/** One OTA element to write: what the mapping gathered for a target and key. */
export interface Instance {
  to: OtaTarget;
  key: string;
  /** The fact section (or "photo") it comes from. */
  section: string;
  /** A list row's id (rooms, restaurants, bars, maintenance, photos). */
  rowId?: number;
  /** Facts printed as text, in the schema's order. */
  text: Fact[];
  /** Facts by slot (value slots and amenity). */
  slots: Map<string, Fact[]>;
}
