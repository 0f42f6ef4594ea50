import Typography from '@mui/material/Typography';
import { ReportBlock } from '../../components/figures';
import { useHotelNextSteps, useOperatorNextSteps } from './next-steps-api';
import { PropertyNextSteps, settled } from './property-next-steps';
import { GettingStarted, started } from './getting-started';

/** The hotel's dashboard: per property, a to-do list per partner, sections to confirm, seasons ended. */
export function HotelNextSteps() {
  const data = useHotelNextSteps().data;
  if (!data) return null;
  const open = data.properties.filter((p) => !settled(p));
  // Nothing to do only once the first steps are done: a new account has its checklist instead.
  if (!open.length && !started(data.getting_started)) return <GettingStarted steps={data.getting_started} />;
  return (
    <>
      <GettingStarted steps={data.getting_started} />
      <ReportBlock title="What to do next">
        <div data-testid="hotel-next-steps">
          {open.length ? (
            open.map((p) => <PropertyNextSteps key={p.property} data={p} viewer="hotel" />)
          ) : (
            <Typography color="text.secondary">
              Nothing to do: every partner has what it needs and your facts are confirmed.
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            Sections are flagged when not saved or confirmed for {data.freshness_days} days (Preferences).
          </Typography>
        </div>
      </ReportBlock>
    </>
  );
}

/** The operator's dashboard: per hotel, what it still lacks for you (and what you still have to map). */
export function OperatorNextSteps() {
  const data = useOperatorNextSteps().data;
  if (!data) return null;
  const open = data.properties.filter((p) => !settled(p));
  if (!open.length && !started(data.getting_started)) return <GettingStarted steps={data.getting_started} />;
  return (
    <>
      <GettingStarted steps={data.getting_started} />
      <ReportBlock title="What your hotels still lack">
        <div data-testid="operator-next-steps">
          {open.length ? (
            open.map((p) => <PropertyNextSteps key={p.property} data={p} viewer="operator" />)
          ) : (
            <Typography color="text.secondary">Nothing missing at your contracted hotels.</Typography>
          )}
        </div>
      </ReportBlock>
    </>
  );
}
