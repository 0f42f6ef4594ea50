import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PortfolioWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { Isolate, useT } from '../../i18n';
import { useCountryName } from '../../components/property-table';
import { usePortfolio } from './use-portfolio';

const SOCIAL = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['linked_in', 'LinkedIn'],
  ['trustpilot', 'Trustpilot'],
  ['trip_advisor', 'Tripadvisor'],
] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '200px minmax(0, 1fr)' },
        gap: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography color="text.secondary">{label}</Typography>
      <Box>{children}</Box>
    </Box>
  );
}

/** Only web addresses become links: the profile is others' text. */
const safeLink = (url: string) =>
  /^https?:\/\//i.test(url) ? (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      <Isolate>{url}</Isolate>
    </Link>
  ) : (
    <Isolate>{url}</Isolate>
  );

function Profile({ p }: { p: PortfolioWire }) {
  const c = p;
  const t = useT();
  const country = useCountryName();
  const place = [c.address, c.city, c.state, country(c.country)].filter(Boolean).join(', ');
  const links = SOCIAL.filter(([key]) => c[key]);
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="portfolio">
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        {c.logo && (
          <Box
            component="img"
            src={c.logo}
            alt={t('portfolio.logo', { company: c.company })}
            sx={{ maxWidth: 160, maxHeight: 96 }}
          />
        )}
        <Box>
          <Typography variant="h5" component="h2">
            {p.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Chip
              size="small"
              label={p.account_type === 'to' ? t('portfolio.tour_operator') : t('portfolio.accommodation')}
            />
            {p.genuine && <Chip size="small" color="success" label={t('portfolio.verified')} />}
            {p.premium_active && <Chip size="small" color="secondary" label={t('portfolio.premium')} />}
          </Box>
        </Box>
      </Box>
      {c.user === 0 && <Alert severity="info">{t('portfolio.no_details')}</Alert>}
      {c.description && <Typography sx={{ mb: 2 }}>{c.description}</Typography>}
      {p.email && (
        <Row label={t('portfolio.email')}>
          <Isolate>{p.email}</Isolate>
        </Row>
      )}
      {c.website && <Row label={t('portfolio.website')}>{safeLink(c.website)}</Row>}
      {c.contact_number && (
        <Row label={t('portfolio.contact_number')}>
          <Isolate>{c.contact_number}</Isolate>
        </Row>
      )}
      {place && <Row label={t('portfolio.address')}>{place}</Row>}
      {c.work_in_countries.length > 0 && (
        <Row label={t('portfolio.countries')}>{c.work_in_countries.map(country).join(', ')}</Row>
      )}
      {c.about_us && (
        <Row label={t('portfolio.about_us')}>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{c.about_us}</Typography>
        </Row>
      )}
      {links.map(([key, label]) => (
        <Row key={key} label={label}>
          {safeLink(c[key])}
        </Row>
      ))}
    </Paper>
  );
}

/** /portfolio/{id}: an account's public company profile, as partners see it. */
export function PortfolioPage() {
  const id = Number(useParams().id);
  const t = useT();
  const { portfolio: data, failed: isError } = usePortfolio(id);
  return (
    <SettingsFrame title={t('portfolio.title')} intro={t('portfolio.intro')} back={null} width={900}>
      {(isError || !(id > 0)) && <Alert severity="warning">{t('portfolio.missing')}</Alert>}
      {!data && !isError && id > 0 && <LinearProgress aria-label={t('portfolio.loading')} />}
      {data && <Profile p={data} />}
    </SettingsFrame>
  );
}
