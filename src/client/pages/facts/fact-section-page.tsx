import { useCallback } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { sections } from '../../../shared/generated/sections/index';
import { EditorHeader } from './editor-header';
import { FactsLeaveGuard } from './leave-guard';
import { useCompleteness } from '../../api/properties';
import { usePropertyChoice } from '../../components/use-property-choice';
import { MemoTabContent } from './tab-content';
import { tabEnabled } from './tab-status';
import { tabOf } from './tabs';
import { useFactsAccess } from './use-facts-access';
import { useEditorSession } from './use-editor-session';
import { useTabSaving } from './use-tab-saving';
import { useT } from '../../i18n';
import { useTabLabel } from './tab-labels';

/**
 * The stand-alone section pages of spec 001 §2 (/main-facts ... /partnerhotel-facts): one
 * section's tab for a property chosen here (?property=id), with the same engine as the editor.
 */
export function FactSectionPage() {
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const entry = sections.find((e) => e.page === pathname);
  const tab = tabOf(entry?.tab);
  const access = useFactsAccess();
  // ?property= wins, even one not in the list (the page then says it cannot be seen); else the one
  // last used on these pages, else the first published (issue 38 §3).
  const { properties, property: opened, remember } = usePropertyChoice('fact-sections');
  const id = Number(search.get('property')) || opened || 0;
  const property = properties.data?.find((p) => p.id === id);
  const completeness = useCompleteness(id);
  const session = useEditorSession(id);
  const { saveCurrent, busy } = useTabSaving(session, tab);
  const here = `${pathname}?property=${id}`;
  const t = useT();
  const tabLabel = useTabLabel();
  const stays = useCallback((l: { pathname: string; search: string }) => `${l.pathname}${l.search}` === here, [here]);

  if (!entry || !tab) return <Alert severity="warning">{t('facts.section_page_missing')}</Alert>;
  if (!properties.data || !access) return <LinearProgress aria-label={t('facts.loading')} />;
  if (!properties.data.length) {
    return (
      <Alert severity="info">
        {t('facts.no_property')}{' '}
        <Link component={RouterLink} to="/add-property">
          {t('facts.add_property')}
        </Link>
      </Alert>
    );
  }
  if (!property || !session) return <Alert severity="warning">{t('facts.property_missing')}</Alert>;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="fact-section-page">
      <EditorHeader
        title={tabLabel(tab)}
        property={property}
        session={session}
        busy={busy}
        onSave={session.readOnly ? undefined : saveCurrent}
      >
        <TextField
          select
          size="small"
          label={t('facts.property')}
          value={String(id)}
          onChange={(e) => {
            remember(Number(e.target.value));
            setSearch({ property: e.target.value });
          }}
          sx={{ minWidth: 240, maxWidth: 360 }}
        >
          {properties.data.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.hotel_name}
            </MenuItem>
          ))}
        </TextField>
      </EditorHeader>
      <Box sx={{ mb: 2 }}>
        <Link component={RouterLink} to={`/property/${id}/${tab.key}`}>
          {t('facts.open_every_section', { name: property.hotel_name })}
        </Link>
      </Box>
      {tabEnabled(tab, session, completeness.data?.sections) ? (
        <MemoTabContent key={`${id}-${tab.key}`} session={session} tab={tab} />
      ) : (
        <Alert severity="info" data-testid="tab-closed">
          {t('facts.tab_closed', { tab: tabLabel(tab) })}
        </Alert>
      )}
      <FactsLeaveGuard session={session} stays={stays} onSaveFailed={() => undefined} />
    </Box>
  );
}
