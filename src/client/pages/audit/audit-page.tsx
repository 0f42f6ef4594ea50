import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import type { Choice } from '../../engine/core/form-adapter';
import { useAccountLabels } from '../../engine/views/account-labels';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import type { AuditQueryWire } from '../../../shared/generated/wire-types';
import { useProperties } from '../../api/properties';
import { useFormat, useT } from '../../i18n';
import { useContractedProperties } from '../operator/index';
import { SettingsFrame } from '../../components/settings-frame';
import { memberName, useTeam } from '../team/index';
import { useAuditTrail } from './audit-api';
import { AuditFilters } from './audit-filters';
import { pageCount, queryFromSearch, searchFromQuery } from './audit-format';
import { AuditTable } from './audit-table';

const NO_FILTER = {};

/** /audit-trail: every change in the account, filtered by property, user, kind and dates, 25 a page. */
export function AuditPage() {
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => queryFromSearch(search), [search]);
  const user = useSession()?.user;
  const owner = useAbilities()?.owner ?? false;
  const trail = useAuditTrail(query);
  const t = useT();
  const format = useFormat();
  // A hotel filters by its own properties; an operator by the hotels its contracts cover (the
  // hotels' property list is not the operator's to ask for).
  const operator = user?.accountType === 'to';
  const properties = useProperties(!operator);
  const contracted = useContractedProperties(NO_FILTER, 1, operator);
  const team = useTeam(owner);
  const kinds = useAccountLabels().get('auditKinds');
  const own = operator ? contracted.data?.results : properties.data;
  const failed = operator ? contracted.isError : properties.isError;
  const propertyChoices = useMemo<Choice[] | undefined>(
    () => (failed ? [] : own?.map((p) => ({ value: p.id, label: p.hotel_name }))),
    [own, failed],
  );
  const userChoices = useMemo<Choice[] | undefined>(() => {
    if (!user || (owner && !team.data && !team.isError)) return undefined;
    const me = {
      value: user.id,
      label: t('audit.you', { name: `${user.firstName} ${user.lastName}`.trim() || user.email }),
    };
    return [me, ...(team.data ?? []).map((m) => ({ value: m.id, label: memberName(m) }))];
  }, [user, owner, team.data, team.isError, t]);
  const go = (next: AuditQueryWire) => setSearch(searchFromQuery(next));
  const names = new Map(propertyChoices?.map((c) => [Number(c.value), c.label]));
  return (
    <SettingsFrame title={t('audit.title')} intro={t('audit.intro')}>
      {propertyChoices && userChoices ? (
        <AuditFilters query={query} properties={propertyChoices} users={userChoices} onApply={go} />
      ) : (
        <LinearProgress aria-label={t('audit.loading_filters')} sx={{ mb: 3 }} />
      )}
      {trail.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessages(trail.error).join(' ')}
        </Alert>
      )}
      {!trail.data && !trail.isError && <LinearProgress aria-label={t('audit.loading')} />}
      {trail.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="audit-count">
            {t('audit.count', { count: trail.data.count })}
          </Typography>
          <AuditTable
            busy={trail.isPlaceholderData}
            events={trail.data.results}
            kindLabel={(k) => kinds?.get(k) ?? k}
            propertyName={(id) => names.get(id) ?? t('audit.property_fallback', { id: format.number(id) })}
          />
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Pagination
              count={pageCount(trail.data.count)}
              page={query.page ?? 1}
              onChange={(_e, page) => go({ ...query, page })}
              aria-label={t('audit.pages')}
            />
          </Box>
        </>
      )}
    </SettingsFrame>
  );
}
