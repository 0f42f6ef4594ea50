/** The override page names fields in the interface's language, where the server names them in English. */
import { useMemo } from 'react';
import { useLocalDefinition } from '../../engine/texts/use-schema-texts';
import type { SectionDefinition } from '../../../shared/section-types';
import locationSection from '../../../shared/generated/sections/location';
import type { OverrideStateWire } from '../../../shared/generated/wire-types';

type Groups = readonly { title?: string }[] | undefined;
const groupsOf = (def: SectionDefinition): Groups => (def.schema['x-ui'] as { groups?: Groups } | undefined)?.groups;

export interface OverrideNames {
  /** An overridden field (override-data wire path, location.<field> for the location's) by its title. */
  field(f: { field: string; label: string }): string;
  /** An allowance entry: a location field by its group ("Distances"), the others by title. */
  allowance(f: OverrideStateWire['permissions']['fields'][number]): string;
}

/**
 * Overridden fields and the allowance's groups named in the interface's language: the override
 * form's and the location section's titles as their forms show them (the server names them in
 * English, which stays for what the forms do not know).
 */
export function useOverrideNames(def: SectionDefinition): OverrideNames {
  const local = useLocalDefinition(def);
  const location = useLocalDefinition(locationSection);
  return useMemo(() => {
    const english = groupsOf(locationSection) ?? [];
    const translated = groupsOf(location) ?? [];
    const groups = new Map(english.map((g, i) => [g.title, translated[i]?.title ?? g.title]));
    const title = (of: SectionDefinition, wire: string, fallback: string) =>
      of.schema.properties?.[of.names.props?.[wire]?.[0] ?? wire]?.title ?? fallback;
    return {
      field: (f) =>
        f.field.startsWith('location.')
          ? title(location, f.field.slice('location.'.length), f.label)
          : title(local, f.field, f.label),
      allowance: (f) =>
        f.field.startsWith('location.') ? (groups.get(f.group) ?? f.group) : title(local, f.field, f.label),
    };
  }, [local, location]);
}
