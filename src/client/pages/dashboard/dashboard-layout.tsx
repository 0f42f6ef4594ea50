import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { User } from '../../../shared/generated/client-types';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useT } from '../../i18n';
import { localHour, mirroredWidth } from '../../platform/where';
import { DestinationCards } from './destination-cards';
import { LatestNotifications } from './latest-notifications';
import { WhatsNewCard } from './whats-new-card';

function greeting(hour: number): MessageKey {
  if (hour < 12) return 'dashboard.good_morning';
  if (hour < 18) return 'dashboard.good_afternoon';
  return 'dashboard.good_evening';
}

function Panel({ title, children, acts = false }: { title: string; children: ReactNode; acts?: boolean }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: 2.5 }}
      aria-label={title}
      data-testid={acts ? 'dashboard-action-panel' : 'dashboard-panel'}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export interface DashboardPanel {
  title: string;
  content: ReactNode;
  /** Lists what waits on the user: on a narrow screen it comes first, above the reports and links. */
  acts?: boolean;
}

/** What both dashboards share; each account type brings its own heading, introduction, reports and panels. */
export function DashboardLayout({
  user,
  kind,
  intro,
  panels = [],
  reports,
}: {
  user: User;
  kind: string;
  intro: string;
  panels?: readonly DashboardPanel[];
  reports?: ReactNode;
}) {
  const t = useT();
  // Two columns need a wide screen; below it one column, in the order a person acts on a phone.
  // Drawn in that order (not reordered by CSS), so reading and tab order follow what is seen.
  const theme = useTheme();
  // The server renders (src/client/ssr/) at the width the browser last had: its matchMedia.
  const wide = useMediaQuery(theme.breakpoints.up('lg'), {
    noSsr: true,
    defaultMatches: (mirroredWidth() ?? 0) >= theme.breakpoints.values.lg,
  });
  const panel = (p: DashboardPanel) => (
    <Panel key={p.title} title={p.title} acts={p.acts}>
      {p.content}
    </Panel>
  );
  const links = (
    <Box component="section" aria-label={t('dashboard.where_to_go')}>
      <DestinationCards />
    </Box>
  );
  const rest = (
    <>
      <Panel title={t('dashboard.latest_notifications')}>
        <LatestNotifications />
      </Panel>
      <Panel title={t('dashboard.whats_new')}>
        <WhatsNewCard />
      </Panel>
    </>
  );
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="dashboard" data-kind={kind}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }} data-testid="greeting">
        {t(greeting(localHour()), { name: user.firstName || user.email })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {intro}
      </Typography>
      {wide ? (
        <Box
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', alignItems: 'start' }}
        >
          <Box>
            {reports}
            {links}
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
            {panels.map(panel)}
            {rest}
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
          {panels.filter((p) => p.acts).map(panel)}
          {reports}
          {links}
          {panels.filter((p) => !p.acts).map(panel)}
          {rest}
        </Box>
      )}
    </Box>
  );
}
