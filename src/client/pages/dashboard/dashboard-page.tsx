import type { User } from '../../../shared/generated/client-types';
import { useSession } from '../../session/session';
import { DashboardLayout } from './dashboard-layout';
import { PhotoQuotaPanel } from './photo-quota-panel';
import { WaitingContractsPanel } from '../partners/waiting-contracts-panel';
import { HotelReports } from './hotel-reports';
import { OperatorReports } from './operator-reports';
import { ChangedHotelsPanel, ReviewsPanel } from '../operator/workspace-panels';

const CONTRACTS_PANEL = { title: 'Contracts waiting on you', content: <WaitingContractsPanel /> };
const ACCOMMODATION_PANELS = [
  CONTRACTS_PANEL,
  { title: 'Partners’ changes to review', content: <ReviewsPanel /> },
  { title: 'Photos', content: <PhotoQuotaPanel /> },
];
const OPERATOR_PANELS = [CONTRACTS_PANEL, { title: 'Changed since you looked', content: <ChangedHotelsPanel /> }];

function AccommodationDashboard({ user }: { user: User }) {
  return (
    <DashboardLayout
      user={user}
      kind="accommodation"
      panels={ACCOMMODATION_PANELS}
      reports={<HotelReports />}
      intro="Accommodation dashboard: keep the facts, photos and availability of your properties up to date for your tour-operator partners."
    />
  );
}

function OperatorDashboard({ user }: { user: User }) {
  return (
    <DashboardLayout
      user={user}
      kind="to"
      panels={OPERATOR_PANELS}
      reports={<OperatorReports />}
      intro="Tour operator dashboard: read your partner hotels' fact sheets, map their codes to yours and export what your systems need."
    />
  );
}

/** Spec 000 §2: / (and /home) show the dashboard of the user's account type. */
export function DashboardPage() {
  const user = useSession()?.user;
  if (!user) return null;
  return user.accountType === 'to' ? <OperatorDashboard user={user} /> : <AccommodationDashboard user={user} />;
}
