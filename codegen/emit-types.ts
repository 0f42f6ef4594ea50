import { compile } from 'json-schema-to-typescript';
import type { JSONSchema4 } from 'json-schema';
import { type JsonSchema, type SchemaFile, type SchemaSet } from './model.js';
import { inlineRefs, type RefTarget } from './refs.js';
import { shapeOnly } from './strip.js';
import { toClientSchema } from './names.js';

const OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  declareExternallyReferenced: true,
  unreachableDefinitions: false,
  strictIndexSignatures: true,
  ignoreMinAndMaxItems: true,
  format: true,
  style: { singleQuote: true, printWidth: 120 },
} as const;

/** Refs to another file's root stay references by type name; refs into $defs are inlined. */
function keepRoots(set: SchemaSet, suffix: string): (t: RefTarget) => unknown {
  return (t) => {
    if (t.pointer !== '') return undefined;
    const file = set.schemas.get(t.rel);
    return file ? { tsType: `${file.typeName}${suffix}` } : undefined;
  };
}

async function typeOf(schema: unknown, name: string): Promise<string> {
  const root = { ...(schema as JsonSchema), title: name };
  return compile(root as JSONSchema4, name, OPTIONS);
}

/** wire-types.ts: the snake_case shapes the API sends and accepts. */
export async function emitWireTypes(set: SchemaSet): Promise<string> {
  const parts: string[] = [];
  for (const file of sorted(set)) {
    const inlined = inlineRefs(set, file.rel, file.schema, keepRoots(set, 'Wire'));
    parts.push(await typeOf(shapeOnly(inlined), `${file.typeName}Wire`));
  }
  return parts.join('\n');
}

/** client-types.ts: the camelCase shapes the client works with. */
export async function emitClientTypes(set: SchemaSet): Promise<string> {
  const parts: string[] = [];
  for (const file of sorted(set)) {
    const inlined = inlineRefs(set, file.rel, file.schema, keepRoots(set, ''));
    parts.push(await typeOf(shapeOnly(toClientSchema(inlined)), file.typeName));
  }
  return parts.join('\n');
}

export function sorted(set: SchemaSet): SchemaFile[] {
  return [...set.schemas.values()].sort((a, b) => a.rel.localeCompare(b.rel));
}
