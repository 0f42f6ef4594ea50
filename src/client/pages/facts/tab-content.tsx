import { memo } from 'react';
import Stack from '@mui/material/Stack';
import { DocumentController } from '../../engine/data/document-controller';
import { ListController } from '../../engine/data/list-controller';
import { useOptionLabels } from '../../engine/data/use-option-labels';
import { LabelsContext } from '../../engine/form/engine-context';
import { DocumentSection } from '../../engine/views/document-section';
import { ListSection } from '../../engine/views/list-section';
import type { EditorSession } from './editor-session';
import type { EditorTab } from './tabs';
import { FreshnessBar } from '../next-steps/index';
import { useTabLabel } from './tab-labels';

/** The sections of one tab, each drawn by the engine from its generated schema. */
export function TabContent({ session, tab }: { session: EditorSession; tab: EditorTab }) {
  const labels = useOptionLabels();
  const tabLabel = useTabLabel();
  if (tab.extra) {
    const Extra = tab.extra.component;
    return <Extra propertyId={session.propertyId} readOnly={session.readOnly} />;
  }
  const single = tab.entries.length === 1;
  return (
    <LabelsContext.Provider value={labels}>
      <Stack spacing={3} data-testid={`tab-${tab.key}`}>
        <FreshnessBar
          propertyId={session.propertyId}
          sections={tab.entries.map((e) => e.key)}
          readOnly={session.readOnly}
        />
        {tab.entries.map((entry) => {
          const controller = session.controller(entry);
          return controller instanceof ListController ? (
            <ListSection key={entry.key} controller={controller} heading={single ? tabLabel(tab) : undefined} />
          ) : (
            <DocumentSection key={entry.key} controller={controller as DocumentController} heading={!single} />
          );
        })}
      </Stack>
    </LabelsContext.Provider>
  );
}

/** The page re-renders on its queries; a tab's sections need not. */
export const MemoTabContent = memo(TabContent);
