import { wirePathToClient } from '../../../shared/case';
import { flattenErrors, humanise, NON_FIELD_ERRORS, ROW_ERRORS } from '../../../shared/errors';
import type { SectionDefinition } from '../../../shared/section-types';
import { definitionNow } from '../texts/use-schema-texts';
import { pathKey } from './paths';
import { nodeAt } from './validate';

export interface ServerProblems {
  /** Every message, flattened (spec 001 §8), fields prefixed with their label. */
  lines: string[];
  /** Messages at each field, by client key. */
  fields: Map<string, string[]>;
  /** List saves: the field messages of each row, by 0-based index. */
  rows: Map<number, Map<string, string[]>>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function collect(def: SectionDefinition, body: unknown, into: Map<string, string[]>, prefix: string[] = []): void {
  if (!isRecord(body)) return;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail' || key === ROW_ERRORS) continue;
    const path = key === NON_FIELD_ERRORS ? prefix : [...prefix, key];
    if (Array.isArray(value) && value.every((m) => typeof m === 'string')) {
      const client = pathKey(wirePathToClient(path, def.names));
      into.set(client, [...(into.get(client) ?? []), ...(value as string[])]);
    } else collect(def, value, into, path);
  }
}

/**
 * A 400 body of a section save -> the list shown above the section and the messages at each
 * field (wire names turned into the client's, so they land on the right input). The server wrote
 * its messages in the language the client asked for; the fields are named by the titles the form shows.
 */
export function serverProblems(def: SectionDefinition, body: unknown): ServerProblems {
  const { schema } = definitionNow(def);
  const label = (wirePath: readonly string[]) => {
    const client = wirePathToClient(wirePath, def.names)
      .map(String)
      .filter((s) => !/^\d+$/.test(s));
    return nodeAt(schema, client)?.title ?? (client.length ? humanise(client[client.length - 1]!) : undefined);
  };
  const fields = new Map<string, string[]>();
  collect(def, body, fields);
  fields.delete('');
  const rows = new Map<number, Map<string, string[]>>();
  const rowBodies = isRecord(body) && isRecord(body[ROW_ERRORS]) ? body[ROW_ERRORS] : {};
  for (const [index, rowBody] of Object.entries(rowBodies)) {
    const rowFields = new Map<string, string[]>();
    collect(def, rowBody, rowFields);
    rows.set(Number(index), rowFields);
  }
  return { lines: flattenErrors(body, label), fields, rows };
}
