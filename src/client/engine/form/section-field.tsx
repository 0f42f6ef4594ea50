import { memo, type ComponentType } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { GroupNode } from '../core/layout';
import { RegistryContext, useEngine, useRegistry } from './engine-context';
import { useVisible } from './hooks';

/** A group, there while its x-ui condition holds, drawn by the registry's group template. */
const Group = memo(function Group({ group }: { group: GroupNode }) {
  const { store } = useEngine();
  const registry = useRegistry();
  const visible = useVisible(store, group.conditions);
  if (!visible) return null;
  const name = group.layout === 'table' ? 'EngineTableGroupTemplate' : 'EngineGroupTemplate';
  const Template = registry.templates[name] as ComponentType<{ group: GroupNode }>;
  return <Template group={group} />;
});

/**
 * The root field of every section form (uiSchema `ui:field`): rjsf hands it the registry, and
 * it lays the section out in groups. Values live in the section's store, not in rjsf's state,
 * so rjsf renders this once and each field re-renders on its own.
 */
export function SectionField({ registry }: FieldProps) {
  const { layout } = useEngine();
  return (
    <RegistryContext.Provider value={registry}>
      {layout.groups.map((group) => (
        <Group key={group.key} group={group} />
      ))}
    </RegistryContext.Provider>
  );
}
