import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLocales, withLanguageOptions } from './locales.js';
import type { OtaMapping } from '../src/shared/bundle-types.js';
import {
  DIALECT,
  SCHEMA_BASE,
  pascal,
  type OptionList,
  type OtaCodeTable,
  type RouteDef,
  type SchemaFile,
  type SchemaSet,
} from './model.js';

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out.sort();
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
  }
}

/** Data, not a schema: each channel's photo rules (checked by check-photo-rules.ts). */
const PHOTO_RULES = 'partner-photo-rules.json';

/**
 * The option list of the channels that have photo rules (x-options "photoChannels": a tour
 * operator's distribution channels, settings/photo-channels.schema.json), written from
 * partner-photo-rules.json so the rules file stays the one list of channels: a channel added
 * there is offered and accepted everywhere at the next codegen. Its labels are the channels'
 * names, brands every language keeps as they are.
 */
const PHOTO_CHANNELS = 'photoChannels';

function photoChannelOptions(rules: unknown): OptionList {
  const channels = (rules as { channels?: { key?: unknown; name?: unknown }[] } | null)?.channels;
  if (!Array.isArray(channels) || !channels.length)
    throw new Error(`${PHOTO_RULES}: "channels" must be a list of at least one channel`);
  return {
    category: PHOTO_CHANNELS,
    title: 'Photo channels',
    head: 'Account',
    otaNone: 'Distribution channels of a tour operator, no hotel facts: OpenTravel has no code for them.',
    options: channels.map((c) => ({ value: String(c.key), label: { en: String(c.name) } })),
  };
}

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

/**
 * Read every schema file, option list and the route table under `dir` (default schemas/); the
 * lists of languages (`languages`) get their options from `localesDir`'s languages.
 */
export async function loadSchemaSet(dir: string, localesDir = LOCALES): Promise<SchemaSet> {
  const schemas = new Map<string, SchemaFile>();
  const options = new Map<string, OptionList>();
  const otaCodes = new Map<string, OtaCodeTable>();
  for (const file of await walk(dir)) {
    const rel = path.relative(dir, file).split(path.sep).join('/');
    if (
      rel.startsWith('meta/') ||
      rel === 'README.md' ||
      rel === 'routes.json' ||
      rel === 'ota-mapping.json' ||
      rel === PHOTO_RULES
    )
      continue;
    // Partners' own attribute lists: data read by src/shared/partner-profiles.ts, checked by its test.
    if (rel.startsWith('partner-profiles/')) continue;
    if (rel.startsWith('ota-codes/')) {
      if (!rel.endsWith('.json')) throw new Error(`${rel}: OpenTravel code tables are .json files`);
      otaCodes.set(path.basename(rel, '.json'), (await readJson(file)) as OtaCodeTable);
      continue;
    }
    if (rel.startsWith('options/')) {
      if (!rel.endsWith('.json')) throw new Error(`${rel}: option lists are .json files`);
      const list = (await readJson(file)) as OptionList;
      options.set(path.basename(rel, '.json'), list);
      continue;
    }
    if (!rel.endsWith('.schema.json')) throw new Error(`${rel}: schema files end in .schema.json`);
    const schema = (await readJson(file)) as Record<string, unknown>;
    const expectedId = SCHEMA_BASE + rel;
    if (schema.$id !== expectedId) throw new Error(`${rel}: $id must be "${expectedId}"`);
    if (schema.$schema !== DIALECT) throw new Error(`${rel}: $schema must be "${DIALECT}"`);
    const typeName =
      typeof schema['x-type-name'] === 'string' ? schema['x-type-name'] : pascal(path.basename(rel, '.schema.json'));
    schemas.set(rel, { rel, id: expectedId, typeName, schema });
  }
  const table = (await readJson(path.join(dir, 'routes.json'))) as {
    routes: RouteDef[];
    tags?: Record<string, string>;
  };
  const otaMapping = (await readJson(path.join(dir, 'ota-mapping.json'))) as OtaMapping;
  const partnerPhotoRules = await readJson(path.join(dir, PHOTO_RULES));
  options.set(PHOTO_CHANNELS, photoChannelOptions(partnerPhotoRules));
  const set = {
    schemas,
    options,
    routes: table.routes,
    tags: table.tags ?? {},
    otaMapping,
    otaCodes,
    partnerPhotoRules,
  };
  return withLanguageOptions(set, loadLocales(localesDir));
}
