import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { ReportDataWire } from '../../../shared/generated/wire-types';
import { ReportBlock } from '../../components/figures';
import { useFormat, useT } from '../../i18n';
import { useAbilities } from '../../session/use-can';
import { INCOMING_CONTRACTS, useMyContracts } from '../partners/index';
import { useHotelNextSteps, useOperatorNextSteps } from './next-steps-api';
import { PropertyNextSteps, settled, ToDo } from './property-next-steps';
import { GettingStarted, started } from './getting-started';

/** The report's completeness row of one property (publish state, sections blocking publishing). */
type OwnProperty = ReportDataWire['completeness'][number];

/**
 * What the hotel itself still has to do that no partner's list shows: contracts waiting on its
 * answer, and properties to fill in, to publish, or with saved changes to publish. So "nothing to
 * do" is said only when the whole dashboard agrees (issue 38 §1).
 */
function OwnToDos({
  properties,
  listed,
  waiting,
}: {
  properties: readonly OwnProperty[];
  listed: ReadonlySet<number>;
  /** Contracts waiting on the hotel's answer. */
  waiting: number;
}) {
  const t = useT();
  const format = useFormat();
  const answers = useAbilities()?.can('partner_connections') ?? false;
  const lines: { key: string; text: string; link: string | null }[] = [];
  if (waiting)
    lines.push({
      key: 'contracts',
      text: answers
        ? t('partners.waiting_your_answer', { count: waiting })
        : t('partners.waiting_colleague_answer', { count: waiting }),
      link: answers ? '/contract-details' : null,
    });
  for (const p of properties) {
    const name = p.property_name;
    // A property a partner's list already names gets its fill-in and publish steps there.
    if (p.blocking.length && !listed.has(p.property))
      lines.push({
        key: `fill-${p.property}`,
        text: t('next-steps.property_to_fill', { name, sections: format.list(p.blocking) }),
        link: p.link,
      });
    else if (p.publish_state === 'draft' && !p.blocking.length && !listed.has(p.property))
      lines.push({ key: `publish-${p.property}`, text: t('next-steps.property_to_publish', { name }), link: p.link });
    else if (p.publish_state === 'changed')
      lines.push({
        key: `changed-${p.property}`,
        text: t('next-steps.property_changes_to_publish', { name }),
        link: p.link,
      });
  }
  if (!lines.length) return null;
  return (
    <List dense disablePadding data-testid="own-todo">
      {lines.map((l) => (
        <ToDo key={l.key} testId="own-todo-item" text={l.text} link={l.link} />
      ))}
    </List>
  );
}

/** The hotel's dashboard: per property, a to-do list per partner, sections to confirm, seasons ended. */
export function HotelNextSteps({ properties }: { properties: readonly OwnProperty[] }) {
  const data = useHotelNextSteps().data;
  const t = useT();
  const contracts = useMyContracts(INCOMING_CONTRACTS, 1);
  const waiting = contracts.data?.count ?? 0;
  if (!data) return null;
  const open = data.properties.filter((p) => !settled(p));
  // What the first steps' checklist does not cover: a contract waiting on the hotel, saved changes
  // its partners do not see yet. Those are listed whatever the checklist says (issue 38 §1).
  const beyondChecklist = waiting > 0 || properties.some((p) => p.publish_state === 'changed');
  // Nothing to do only once the first steps are done: a new account has its checklist instead.
  if (!open.length && !beyondChecklist && !started(data.getting_started))
    return <GettingStarted steps={data.getting_started} />;
  const listed = new Set(open.map((p) => p.property));
  // Not "nothing to do" before the contracts waiting on the hotel are known.
  const ownOpen =
    contracts.isPending ||
    waiting > 0 ||
    properties.some(
      (p) =>
        p.publish_state === 'changed' ||
        (!listed.has(p.property) && (p.blocking.length || p.publish_state === 'draft')),
    );
  return (
    <>
      <GettingStarted steps={data.getting_started} />
      <ReportBlock title={t('next-steps.what_next')}>
        <div data-testid="hotel-next-steps">
          <OwnToDos properties={properties} listed={listed} waiting={waiting} />
          {open.map((p) => (
            <PropertyNextSteps key={p.property} data={p} viewer="hotel" />
          ))}
          {!open.length && !ownOpen && <Typography color="text.secondary">{t('next-steps.nothing_to_do')}</Typography>}
          <Typography variant="caption" color="text.secondary">
            {t('next-steps.flag_rule', { count: data.freshness_days })}
          </Typography>
        </div>
      </ReportBlock>
    </>
  );
}

/** The operator's dashboard: per hotel, what it still lacks for you (and what you still have to map). */
export function OperatorNextSteps() {
  const data = useOperatorNextSteps().data;
  const t = useT();
  if (!data) return null;
  const open = data.properties.filter((p) => !settled(p));
  if (!open.length && !started(data.getting_started)) return <GettingStarted steps={data.getting_started} />;
  return (
    <>
      <GettingStarted steps={data.getting_started} />
      <ReportBlock title={t('next-steps.hotels_lack')}>
        <div data-testid="operator-next-steps">
          {open.length ? (
            open.map((p) => <PropertyNextSteps key={p.property} data={p} viewer="operator" />)
          ) : (
            <Typography color="text.secondary">{t('next-steps.nothing_missing')}</Typography>
          )}
        </div>
      </ReportBlock>
    </>
  );
}
