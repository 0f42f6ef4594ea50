import type { Locales } from './locales.js';
import { isObject, type JsonSchema, type SchemaSet } from './model.js';

export interface MissingTranslation {
  /** Schema file and JSON pointer, e.g. facts/main-info.schema.json#/properties/rating */
  where: string;
  title: string;
  languages: string[];
}

export interface TranslationReport {
  /** The languages besides English (locales/languages.json). */
  languages: string[];
  /** Titles a fact sheet prints: sections, groups, fields. */
  titles: number;
  missing: MissingTranslation[];
}

/**
 * Every title of the fact sections (section, groups, fields; hidden fields aside) and the
 * languages whose catalogue (locales/<lang>/schemas.json) has no translation of it. A fact sheet
 * shows English for those.
 */
export function translationReport(set: SchemaSet, locales: Locales): TranslationReport {
  const missing: MissingTranslation[] = [];
  let titles = 0;
  const note = (rel: string, pointer: string, title: unknown) => {
    if (typeof title !== 'string') return;
    titles++;
    const languages = locales.languages.filter((l) => !locales.schemas.get(l)?.[rel]?.[pointer]?.title?.trim());
    if (languages.length) missing.push({ where: `${rel}#${pointer}`, title, languages });
  };
  for (const file of [...set.schemas.values()].sort((a, b) => a.rel.localeCompare(b.rel))) {
    const root = file.schema;
    const section = root['x-section'];
    if (!isObject(section)) continue;
    note(file.rel, '/x-section', section.title);
    const walk = (node: JsonSchema, pointer: string) => {
      const ui = isObject(node['x-ui']) ? node['x-ui'] : {};
      for (const [i, g] of ((ui.groups as JsonSchema[] | undefined) ?? []).entries())
        note(file.rel, `${pointer}/x-ui/groups/${i}`, g.title);
      for (const [name, prop] of Object.entries((node.properties as Record<string, JsonSchema> | undefined) ?? {})) {
        const at = `${pointer}/properties/${name}`;
        const propUi = isObject(prop['x-ui']) ? prop['x-ui'] : {};
        if (propUi.widget !== 'hidden') note(file.rel, at, prop.title);
        if (isObject(prop.properties)) walk(prop, at);
        if (isObject(prop.items) && isObject(prop.items.properties)) walk(prop.items, `${at}/items`);
      }
    };
    walk(root, '');
  }
  return { languages: locales.languages, titles, missing };
}

/**
 * A schema file is the English only: a translation written in it would be a second source beside
 * locales/<lang>/schemas.json, and x-texts is codegen's to write into the bundle.
 */
export function translationProblems(set: SchemaSet): string[] {
  const problems: string[] = [];
  for (const file of set.schemas.values()) {
    const visit = (node: unknown, pointer: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${pointer}/${i}`));
      if (!isObject(node)) return;
      if (node['x-i18n'] !== undefined)
        problems.push(`${file.rel}#${pointer}: x-i18n is gone; translate the text in locales/<lang>/schemas.json`);
      if (node['x-texts'] !== undefined)
        problems.push(`${file.rel}#${pointer}: x-texts is written by codegen from locales/<lang>/schemas.json`);
      for (const [k, v] of Object.entries(node)) visit(v, `${pointer}/${k}`);
    };
    visit(file.schema, '');
  }
  return problems;
}

/** One line for codegen's output; the full list with `--missing-translations`. */
export function translationSummary(report: TranslationReport): string {
  if (!report.missing.length)
    return `codegen: all ${report.titles} fact-sheet titles are translated (${report.languages.join(', ')})`;
  const per = report.languages
    .map((l) => `${l} ${report.missing.filter((m) => m.languages.includes(l)).length}`)
    .join(', ');
  return `codegen: fact-sheet titles without a translation (English is printed instead), of ${report.titles}: ${per}; npm run codegen -- --missing-translations lists them`;
}

export function translationList(report: TranslationReport): string {
  return report.missing.map((m) => `${m.where} "${m.title}": ${m.languages.join(', ')}`).join('\n');
}
