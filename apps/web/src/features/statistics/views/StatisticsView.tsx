import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { statisticsPath } from '../urls';

export default function StatisticsView() {
  return <PageHeader title={menuEntryName(statisticsPath)} />;
}
