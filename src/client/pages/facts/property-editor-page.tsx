import { useCallback } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { SectionErrors } from '../../engine/views/section-errors';
import { EditorHeader } from './editor-header';
import { PublicationsButton } from '../publications/index';
import { EditorTabsBar } from './editor-tabs-bar';
import { FactsLeaveGuard } from './leave-guard';
import { useCompleteness, useProperties } from '../../api/properties';
import { MemoTabContent as TabContent } from './tab-content';
import { tabEnabled } from './tab-status';
import { TABS, tabOf } from './tabs';
import { usePublish } from './use-publish';
import { useEditorSession } from './use-editor-session';
import { useTabSaving } from './use-tab-saving';
import { usePreloadSections } from './use-preload-sections';
import { useT } from '../../i18n';
import { useTabLabel } from './tab-labels';
import { useSaveFailedNotice, useSaveOnTabSwitch } from './use-editor-notices';
import type { EditorTab } from './tabs';

/** /property/:id/:currentTab: every fact section of a property, one tab each, the tab in the URL. */
export function PropertyEditorPage() {
  const params = useParams();
  const id = Number(params.id);
  const current = params.currentTab ?? '';
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const tabLabel = useTabLabel();
  const properties = useProperties();
  const completeness = useCompleteness(id);
  const property = properties.data?.find((p) => p.id === id);
  const session = useEditorSession(id);
  const tab = tabOf(current);
  const { saveCurrent, busy: saving } = useTabSaving(session, tab);
  const onPublished = useCallback(
    () => enqueueSnackbar(t('facts.published'), { variant: 'success' }),
    [enqueueSnackbar, t],
  );
  const publishing = usePublish(session, onPublished);

  useSaveOnTabSwitch(session, current);

  const preloaded = usePreloadSections();

  const stays = useCallback(({ pathname }: { pathname: string }) => pathname.startsWith(`/property/${id}/`), [id]);
  const onSaveFailed = useSaveFailedNotice();

  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/property-facts" replace />;
  if (!tab) return <Navigate to={`/property/${id}/${TABS[0]!.key}`} replace />;
  if (properties.isSuccess && !property) return <Alert severity="warning">{t('facts.property_missing')}</Alert>;
  if (!session || !properties.data) return <LinearProgress aria-label={t('facts.loading_property')} />;

  const enabled = tabEnabled(tab, session, completeness.data?.sections);
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="facts-editor" data-preloaded={preloaded || undefined}>
      <EditorHeader
        title={property?.hotel_name ?? ''}
        property={property}
        session={session}
        busy={saving || publishing.busy}
        onSave={session.readOnly || tab.extra ? undefined : saveCurrent}
        onPublish={session.readOnly ? undefined : () => void publishing.publish()}
      >
        {property?.publish_date && <PublicationsButton side="hotel" propertyId={id} title={property.hotel_name} />}
      </EditorHeader>
      <SectionErrors messages={publishing.problems} testId="publish-problems" />
      <EditorTabsBar
        tabs={TABS}
        current={tab.key}
        session={session}
        completeness={completeness.data?.sections}
        blocked={publishing.blocked}
        onSelect={(key) => {
          const next = tabOf(key);
          if (next) session.prefetch(next);
          navigate(`/property/${id}/${key}`);
        }}
      />
      {enabled ? (
        <TabContent key={`${id}-${tab.key}`} session={session} tab={tab} />
      ) : (
        <Alert severity="info" data-testid="tab-closed">
          {ruleOwner(tab)
            ? t('facts.tab_closed_rule', { tab: tabLabel(tab), owner: tabLabel(ruleOwner(tab)!) })
            : t('facts.tab_closed_related', { tab: tabLabel(tab) })}
        </Alert>
      )}
      <FactsLeaveGuard session={session} stays={stays} onSaveFailed={onSaveFailed} />
    </Box>
  );
}

/** The tab of the section a tab's rule reads. */
function ruleOwner(tab: EditorTab): EditorTab | undefined {
  const section = tab.enabledIf?.section;
  return TABS.find((other) => other.entries.some((e) => e.key === section));
}
