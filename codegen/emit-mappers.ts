import type { NameMap } from '../src/shared/case.js';
import type { SchemaSet } from './model.js';
import { inlineRefs } from './refs.js';
import { nameMapOf } from './names.js';
import { sorted } from './emit-types.js';

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function literal(map: NameMap | undefined): string {
  return JSON.stringify(map ?? {});
}

/** The rename tree of every schema, by client type name. */
export function nameMaps(set: SchemaSet): Map<string, NameMap | undefined> {
  const out = new Map<string, NameMap | undefined>();
  for (const file of sorted(set)) out.set(file.typeName, nameMapOf(inlineRefs(set, file.rel, file.schema)));
  return out;
}

/** name-maps.ts and mappers.ts: typed fromWire/toWire for every schema. */
export function emitMappers(set: SchemaSet): { maps: string; mappers: string } {
  const maps: string[] = ["import type { NameMap } from '../case.js';", ''];
  const mappers: string[] = [
    "import { fromWireWith, toWireWith } from '../case.js';",
    "import type * as W from './wire-types.js';",
    "import type * as C from './client-types.js';",
    "import * as N from './name-maps.js';",
    '',
  ];
  for (const [typeName, map] of nameMaps(set)) {
    const v = `${lowerFirst(typeName)}Names`;
    maps.push(`export const ${v}: NameMap = ${literal(map)};`);
    const f = lowerFirst(typeName);
    mappers.push(
      `export const ${f}FromWire = (w: W.${typeName}Wire): C.${typeName} => fromWireWith(w, N.${v}) as C.${typeName};`,
      `export const ${f}ToWire = (c: C.${typeName}): W.${typeName}Wire => toWireWith(c, N.${v}) as W.${typeName}Wire;`,
    );
  }
  return { maps: maps.join('\n') + '\n', mappers: mappers.join('\n') + '\n' };
}
