import type { Condition } from '../../../shared/conditions.js';
import type { JsonSchema } from '../../../shared/bundle-types.js';
import type { SchemaRegistry } from '../../routing/schema-registry.js';
import { translated } from '../../../shared/fact-sheet/index.js';
import type { Language } from '../../../shared/i18n/languages.js';

export interface SectionInfo {
  key: string;
  /** routes.json schema ref, e.g. facts/main-info.schema.json */
  ref: string;
  title: string;
  /** The title in the other languages (x-section's x-texts, from locales/<lang>/schemas.json): sectionTitle. */
  texts?: unknown;
  tab?: string;
  order: number;
  initKey?: string;
  kind: 'document' | 'list';
  itemLabel: string;
  enabledIf?: { section: string; condition: Condition };
}

function pascal(key: string): string {
  return key.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
}

/** operationIds follow one pattern so a new section needs routes, not code: factsGetMainInfo, factsSaveRoom... */
export const operationIds = (key: string) => ({
  get: `factsGet${pascal(key)}`,
  create: `factsCreate${pascal(key)}`,
  update: `factsUpdate${pascal(key)}`,
  list: `factsList${pascal(key)}`,
  save: `factsSave${pascal(key)}`,
  remove: `factsDelete${pascal(key)}`,
});

/** A section's title in `lang` ("Main info", "Основная информация"); English where it has no translation. */
export const sectionTitle = (section: Pick<SectionInfo, 'title' | 'texts'>, lang: Language): string =>
  translated(section.title, section.texts, lang);

/** Read once per registry: the bundle does not change while the app runs, and reports ask per property. */
const sectionsByRegistry = new WeakMap<SchemaRegistry, readonly SectionInfo[]>();

/** Every section of the bundle, in editor order. */
export function sectionsOf(registry: SchemaRegistry): readonly SectionInfo[] {
  let sections = sectionsByRegistry.get(registry);
  if (!sections) {
    sections = Object.freeze(readSections(registry));
    sectionsByRegistry.set(registry, sections);
  }
  return sections;
}

function readSections(registry: SchemaRegistry): SectionInfo[] {
  const out: SectionInfo[] = [];
  for (const schema of registry.bundle.schemas) {
    const x = schema['x-section'] as (JsonSchema & { key: string; title: string }) | undefined;
    if (!x) continue;
    const ref = String(schema.$id).replace('https://ananas.dev/schemas/', '');
    const ui = schema['x-ui'] as { itemLabel?: string } | undefined;
    out.push({
      key: x.key,
      ref,
      title: x.title,
      texts: x['x-texts'],
      tab: x.tab as string | undefined,
      order: typeof x.order === 'number' ? x.order : 100,
      initKey: x.initKey as string | undefined,
      kind: x.kind === 'list' ? 'list' : 'document',
      itemLabel: ui?.itemLabel ?? x.title,
      enabledIf: x.enabledIf as SectionInfo['enabledIf'],
    });
  }
  return out.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}
