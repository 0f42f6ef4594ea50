import { memo, type ComponentType } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { GroupNode } from '../core/layout';
import { Deferred } from './deferred';
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
  const eager = eagerGroups(layout.groups);
  return (
    <RegistryContext.Provider value={registry}>
      {layout.groups.map((group, i) => (
        <Deferred key={group.key} eager={i < eager} placeholder={<Placeholder group={group} />}>
          <Group group={group} />
        </Deferred>
      ))}
    </RegistryContext.Provider>
  );
}

/** About a screenful: groups are mounted with the tab until this many fields or rows are in. */
const FIRST_SCREEN = 10;

function eagerGroups(groups: readonly GroupNode[]): number {
  let cells = 0;
  for (let i = 0; i < groups.length; i++) {
    cells += groups[i]!.layout === 'table' ? groups[i]!.rows.length : groups[i]!.fields.length;
    if (cells >= FIRST_SCREEN) return i + 1;
  }
  return groups.length;
}

/** Where a group will be, the moment before it mounts (its height guessed, so the page does not jump much). */
function Placeholder({ group }: { group: GroupNode }) {
  const lines =
    group.layout === 'table' ? group.rows.length : Math.ceil(group.fields.length / Math.max(1, group.columns));
  return (
    <div
      aria-hidden
      data-pending-group={group.key}
      style={{ minHeight: 56 + lines * (group.layout === 'table' ? 37 : 64), marginBottom: 16 }}
    />
  );
}
