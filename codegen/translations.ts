import { isObject, type JsonSchema, type SchemaSet } from './model.js';

/** The languages titles are translated into (English is the title itself). */
export const TRANSLATED = ['es', 'ru', 'fa'] as const;

export interface MissingTranslation {
  /** Schema file and JSON pointer, e.g. facts/main-info.schema.json#/properties/rating */
  where: string;
  title: string;
  languages: string[];
}

export interface TranslationReport {
  /** Titles a fact sheet prints: sections, groups, fields. */
  titles: number;
  missing: MissingTranslation[];
}

function missingOf(node: JsonSchema): string[] {
  const i18n = isObject(node['x-i18n']) ? node['x-i18n'] : {};
  return TRANSLATED.filter((l) => typeof i18n[l] !== 'string' || !i18n[l]);
}

/**
 * Every title of the fact sections (section, groups, fields; hidden fields aside) and the
 * languages it has no x-i18n translation for. A fact sheet shows English for those.
 */
export function translationReport(set: SchemaSet): TranslationReport {
  const missing: MissingTranslation[] = [];
  let titles = 0;
  const note = (node: JsonSchema, where: string, title: unknown) => {
    if (typeof title !== 'string') return;
    titles++;
    const languages = missingOf(node);
    if (languages.length) missing.push({ where, title, languages });
  };
  for (const file of [...set.schemas.values()].sort((a, b) => a.rel.localeCompare(b.rel))) {
    const root = file.schema;
    const section = root['x-section'];
    if (!isObject(section)) continue;
    // The section's title: translated on x-section (the root's x-i18n counts too).
    const sectionI18n = isObject(section['x-i18n']) ? section : root;
    note(sectionI18n, `${file.rel}#/x-section`, section.title);
    const walk = (node: JsonSchema, pointer: string) => {
      const ui = isObject(node['x-ui']) ? node['x-ui'] : {};
      for (const [i, g] of ((ui.groups as JsonSchema[] | undefined) ?? []).entries())
        note(g, `${file.rel}#${pointer}/x-ui/groups/${i}`, g.title);
      for (const [name, prop] of Object.entries((node.properties as Record<string, JsonSchema> | undefined) ?? {})) {
        const at = `${pointer}/properties/${name}`;
        const propUi = isObject(prop['x-ui']) ? prop['x-ui'] : {};
        if (propUi.widget !== 'hidden') note(prop, `${file.rel}#${at}`, prop.title);
        if (isObject(prop.properties)) walk(prop, at);
        if (isObject(prop.items) && isObject(prop.items.properties)) walk(prop.items, `${at}/items`);
      }
    };
    walk(root, '');
  }
  return { titles, missing };
}

/** x-i18n translates a title: one without a title beside it is a mistake. */
export function translationProblems(set: SchemaSet): string[] {
  const problems: string[] = [];
  for (const file of set.schemas.values()) {
    const visit = (node: unknown, pointer: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${pointer}/${i}`));
      if (!isObject(node)) return;
      if (node['x-i18n'] !== undefined && typeof node.title !== 'string')
        problems.push(`${file.rel}#${pointer}: x-i18n needs a title beside it (the English)`);
      for (const [k, v] of Object.entries(node)) if (k !== 'x-i18n') visit(v, `${pointer}/${k}`);
    };
    visit(file.schema, '');
  }
  return problems;
}

/** One line for codegen's output; the full list with `--missing-translations`. */
export function translationSummary(report: TranslationReport): string {
  if (!report.missing.length)
    return `codegen: all ${report.titles} fact-sheet titles are translated (${TRANSLATED.join(', ')})`;
  const per = TRANSLATED.map((l) => `${l} ${report.missing.filter((m) => m.languages.includes(l)).length}`).join(', ');
  return `codegen: fact-sheet titles without a translation (English is printed instead), of ${report.titles}: ${per}; npm run codegen -- --missing-translations lists them`;
}

export function translationList(report: TranslationReport): string {
  return report.missing.map((m) => `${m.where} "${m.title}": ${m.languages.join(', ')}`).join('\n');
}
