import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { subscriptionDetailsPath } from '../urls';

export default function SubscriptionDetailsView() {
  return <PageHeader title={menuEntryName(subscriptionDetailsPath)} />;
}
