import type { User } from '../../../shared/generated/client-types';
import { useSession } from '../../session/session';
import { useT } from '../../i18n';
import { DashboardLayout } from './dashboard-layout';
import { PhotoQuotaPanel } from './photo-quota-panel';
import { WaitingContractsPanel } from '../partners/index';
import { HotelReports } from './hotel-reports';
import { OperatorReports } from './operator-reports';
import { ChangedHotelsPanel, ReviewsPanel } from '../operator/index';

function AccommodationDashboard({ user }: { user: User }) {
  const t = useT();
  const panels = [
    { title: t('dashboard.contracts_waiting_panel'), content: <WaitingContractsPanel />, acts: true },
    { title: t('dashboard.reviews_panel'), content: <ReviewsPanel />, acts: true },
    { title: t('dashboard.photos_panel'), content: <PhotoQuotaPanel /> },
  ];
  return (
    <DashboardLayout
      user={user}
      kind="accommodation"
      panels={panels}
      reports={<HotelReports />}
      intro={t('dashboard.intro_accommodation')}
    />
  );
}

function OperatorDashboard({ user }: { user: User }) {
  const t = useT();
  const panels = [
    { title: t('dashboard.contracts_waiting_panel'), content: <WaitingContractsPanel />, acts: true },
    { title: t('dashboard.changed_panel'), content: <ChangedHotelsPanel />, acts: true },
  ];
  return (
    <DashboardLayout
      user={user}
      kind="to"
      panels={panels}
      reports={<OperatorReports />}
      intro={t('dashboard.intro_operator')}
    />
  );
}

/** Spec 000 §2: / (and /home) show the dashboard of the user's account type. */
export function DashboardPage() {
  const user = useSession()?.user;
  if (!user) return null;
  return user.accountType === 'to' ? <OperatorDashboard user={user} /> : <AccommodationDashboard user={user} />;
}
