import { DashboardPage } from '../../features/admin-dashboard/components/dashboard-page.tsx';
import { SigningWaitingPanel } from '../../features/signing/components/waiting-panel.tsx';

/** `/admin`: the dashboard, with the signer's waiting letters first (issue 15). */
export function DashboardRoute() {
  return <DashboardPage top={<SigningWaitingPanel />} />;
}
