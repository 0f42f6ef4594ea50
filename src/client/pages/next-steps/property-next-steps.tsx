import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { PropertyNextStepsWire } from '../../../shared/generated/wire-types';
import { useFormat, useT, type Translate } from '../../i18n';

type Item = PropertyNextStepsWire['partners'][number]['items'][number];
type Viewer = 'hotel' | 'operator';

/** A to-do line: a link where the viewer can act, plain text (who acts) where the other side must. */
export function ToDo({
  text,
  link,
  secondary,
  testId,
}: {
  text: string;
  link: string | null;
  secondary?: string;
  testId: string;
}) {
  return (
    <ListItem disableGutters dense data-testid={testId}>
      <ListItemText
        primary={
          link ? (
            <Link component={RouterLink} to={link}>
              {text}
            </Link>
          ) : (
            text
          )
        }
        secondary={secondary}
      />
    </ListItem>
  );
}

const waitingOn = (item: Item, viewer: Viewer, t: Translate) =>
  item.actor === viewer
    ? undefined
    : t(item.actor === 'hotel' ? 'next-steps.hotel_does_this' : 'next-steps.partner_does_this');

type Partner = PropertyNextStepsWire['partners'][number];

/** What one partner still lacks of the property (readiness), and what its channels' photo rules refuse. */
function PartnerToDo({ p, viewer }: { p: Partner; viewer: Viewer }) {
  const t = useT();
  return (
    <Box data-testid="partner-todo" sx={{ mt: 1 }}>
      {viewer === 'hotel' && (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {p.company}{' '}
          {p.ready && <Chip size="small" color="success" variant="outlined" label={t('next-steps.ready')} />}
        </Typography>
      )}
      {p.ready && viewer === 'operator' && (
        <Chip size="small" color="success" variant="outlined" label={t('next-steps.ready_nothing_missing')} />
      )}
      {!p.ready && (
        <List
          dense
          disablePadding
          aria-label={
            viewer === 'hotel' ? t('next-steps.partner_lacks', { company: p.company }) : t('next-steps.still_missing')
          }
        >
          {p.items.map((item, i) => (
            <ToDo
              key={`${item.kind}-${item.section ?? i}`}
              testId="todo-item"
              text={item.message}
              link={item.link}
              secondary={waitingOn(item, viewer, t)}
            />
          ))}
          {/* What the photo rules of the channels this partner sends photos to refuse of the gallery (issue 40 §4). */}
          {p.photo_rules.flatMap((c) =>
            c.items.map((item, i) => (
              <ToDo
                key={`${c.channel}-${i}`}
                testId="photo-rule-item"
                text={item.message}
                link={item.link}
                secondary={waitingOn(item, viewer, t)}
              />
            )),
          )}
        </List>
      )}
    </Box>
  );
}

/** The sections not confirmed lately, and the seasonal facts whose season ended. */
function ReviewLists({ data }: { data: PropertyNextStepsWire }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      {data.stale.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {t('next-steps.not_confirmed_lately')}
          </Typography>
          <List dense disablePadding aria-label={t('next-steps.sections_to_confirm')}>
            {data.stale.map((s) => (
              <ToDo
                key={s.section}
                testId="stale-item"
                text={t('next-steps.last_confirmed_days', {
                  title: s.title,
                  date: format.date(s.confirmed_at),
                  count: s.days,
                })}
                link={s.link}
              />
            ))}
          </List>
        </Box>
      )}
      {data.seasonal.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {t('next-steps.seasonal_title')}
          </Typography>
          <List dense disablePadding aria-label={t('next-steps.seasonal_to_review')}>
            {data.seasonal.map((s, i) => (
              <ToDo
                key={`${s.section}-${s.field}-${s.row ?? i}`}
                testId="seasonal-item"
                text={t('next-steps.seasonal_ended', { title: s.title, label: s.label, date: format.date(s.ended_on) })}
                link={s.link}
              />
            ))}
          </List>
        </Box>
      )}
    </>
  );
}

/**
 * One property's next steps: a to-do list per partner (readiness), then the sections to confirm
 * and the seasonal facts that ended. The hotel sees every partner; an operator sees itself.
 */
export function PropertyNextSteps({
  data,
  viewer,
  showProperty = true,
}: {
  data: PropertyNextStepsWire;
  viewer: Viewer;
  showProperty?: boolean;
}) {
  const t = useT();
  return (
    <Box
      component="section"
      aria-label={t('next-steps.for_property', { name: data.property_name })}
      data-testid="property-next-steps"
      sx={{ mb: 2 }}
    >
      {showProperty && (
        // Plain text: the items below are the links (the property's own links live in the reports beside).
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {data.property_name}
          {viewer === 'operator' && data.company ? ` · ${data.company}` : ''}
          {viewer === 'operator' && (
            <Link component={RouterLink} to={`/fact-sheet/${data.property}`} variant="body2" sx={{ ml: 1 }}>
              {t('next-steps.open_fact_sheet')}
            </Link>
          )}
        </Typography>
      )}
      {viewer === 'hotel' && !data.partners.length && (
        <Typography variant="body2" color="text.secondary">
          {t('next-steps.no_operator')}
        </Typography>
      )}
      {data.partners.map((p) => (
        <PartnerToDo key={p.operator} p={p} viewer={viewer} />
      ))}
      <ReviewLists data={data} />
    </Box>
  );
}

/** Nothing at all to do for this property (every partner ready, nothing stale or ended). */
export const settled = (p: PropertyNextStepsWire): boolean =>
  p.partners.every((x) => x.ready) && !p.stale.length && !p.seasonal.length;
