import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { organizationListPath } from '../urls';

export default function OrganizationListView() {
  return <PageHeader title={menuEntryName(organizationListPath)} />;
}
