import { useEffect, useState } from 'react';
import { sections } from '../../../shared/generated/sections/index';
import type { SectionDefinition } from '../../../shared/section-types';

/**
 * The definitions of these fact sections (each its own chunk), loaded when first asked for; a
 * key that names no section, or a chunk that fails to load, is simply missing from the map.
 */
export function useSectionDefinitions(keys: readonly (string | null | undefined)[]): ReadonlyMap<string, SectionDefinition> {
  const wanted = [...new Set(keys.filter((k): k is string => !!k))].sort().join(',');
  const [loaded, setLoaded] = useState<ReadonlyMap<string, SectionDefinition>>(new Map());
  useEffect(() => {
    let live = true;
    for (const key of wanted ? wanted.split(',') : []) {
      sections
        .find((s) => s.key === key)
        ?.load()
        .then(
          (def) => live && setLoaded((prev) => (prev.get(key) === def ? prev : new Map(prev).set(key, def))),
          () => undefined,
        );
    }
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}
