import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { dashboardPath } from '../urls';

export default function DashboardView() {
  return <PageHeader title={menuEntryName(dashboardPath)} />;
}
