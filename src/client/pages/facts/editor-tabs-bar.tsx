import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { EditorSession } from './editor-session';
import type { SectionCompleteness } from '../../api/properties';
import { tabEnabled, tabFilling, tabHasErrors } from './tab-status';
import type { EditorTab } from './tabs';
import { useT } from '../../i18n';
import { useTabLabel } from './tab-labels';

interface Props {
  tabs: readonly EditorTab[];
  current: string;
  session: EditorSession;
  completeness?: readonly SectionCompleteness[];
  /** Tabs a refused publish named. */
  blocked: ReadonlySet<string>;
  onSelect(tab: string): void;
}

/** One tab per section tab: its completeness, a mark while it has errors, closed by its rule. */
export function EditorTabsBar({ tabs, current, session, completeness, blocked, onSelect }: Props) {
  // One string for every tab's state: the bar re-renders only when a tab opens, closes or gets a mark.
  const t = useT();
  const tabLabel = useTabLabel();
  const signature = useSyncExternalStore(session.subscribe, () =>
    tabs.map((tb) => `${tabEnabled(tb, session, completeness) ? 1 : 0}${tabHasErrors(tb, session) ? 1 : 0}`).join(''),
  );
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Tabs
        value={current}
        onChange={(_e, v: string) => onSelect(v)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={t('facts.tabs_label')}
      >
        {tabs.map((tab, i) => {
          const enabled = signature[i * 2] === '1';
          const marked = signature[i * 2 + 1] === '1' || blocked.has(tab.key);
          const filling = tabFilling(tab, completeness);
          return (
            <Tab
              key={tab.key}
              value={tab.key}
              disabled={!enabled && tab.key !== current}
              data-testid={`tab-button-${tab.key}`}
              data-error={marked ? 'true' : undefined}
              label={
                <span
                  style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', lineHeight: 1.2 }}
                >
                  <span>
                    {tabLabel(tab)}
                    {marked && (
                      <Box
                        component="span"
                        sx={{ color: 'error.main', ml: 0.5 }}
                        aria-label={t('facts.tab_has_errors')}
                        title={t('facts.tab_has_errors')}
                      >
                        ●
                      </Box>
                    )}
                  </span>
                  {filling && (
                    <Box
                      component="span"
                      sx={{ fontSize: '0.7rem', color: 'text.secondary', textTransform: 'none' }}
                      title={t('facts.tab_filled')}
                    >
                      {filling}
                    </Box>
                  )}
                </span>
              }
            />
          );
        })}
      </Tabs>
    </Box>
  );
}
