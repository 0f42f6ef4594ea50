import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { countryName } from '../../reference/countries';
import type { PortfolioWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../settings/settings-frame';

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
      {url}
    </Link>
  ) : (
    url
  );

function Profile({ p }: { p: PortfolioWire }) {
  const c = p;
  const place = [c.address, c.city, c.state, c.country ? countryName(c.country) : ''].filter(Boolean).join(', ');
  const links = SOCIAL.filter(([key]) => c[key]);
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="portfolio">
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        {c.logo && <Box component="img" src={c.logo} alt={`${c.company} logo`} sx={{ maxWidth: 160, maxHeight: 96 }} />}
        <Box>
          <Typography variant="h5" component="h2">
            {p.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Chip size="small" label={p.account_type === 'to' ? 'Tour operator' : 'Accommodation'} />
            {p.genuine && <Chip size="small" color="success" label="Verified" />}
            {p.premium_active && <Chip size="small" color="secondary" label="Premium" />}
          </Box>
        </Box>
      </Box>
      {c.user === 0 && <Alert severity="info">This account has not filled in its company details yet.</Alert>}
      {c.description && <Typography sx={{ mb: 2 }}>{c.description}</Typography>}
      {p.email && <Row label="E-mail">{p.email}</Row>}
      {c.website && <Row label="Website">{safeLink(c.website)}</Row>}
      {c.contact_number && <Row label="Contact number">{c.contact_number}</Row>}
      {place && <Row label="Address">{place}</Row>}
      {c.work_in_countries.length > 0 && (
        <Row label="Countries we work in">{c.work_in_countries.map(countryName).join(', ')}</Row>
      )}
      {c.about_us && (
        <Row label="About us">
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
  const { data, isError } = useQuery({
    queryKey: ['portfolio', id],
    queryFn: () => unwrap(api.GET('/api/settings/portfolio/{id}/', { params: { path: { id } } })),
    enabled: id > 0,
    retry: false,
  });
  return (
    <SettingsFrame title="Company profile" intro="The public profile partners see." back={null} width={900}>
      {(isError || !(id > 0)) && <Alert severity="warning">There is no such profile.</Alert>}
      {!data && !isError && id > 0 && <LinearProgress aria-label="Loading the profile" />}
      {data && <Profile p={data} />}
    </SettingsFrame>
  );
}
