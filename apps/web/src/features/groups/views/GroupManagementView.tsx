import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { groupManagementPath } from '../urls';

export default function GroupManagementView() {
  return <PageHeader title={menuEntryName(groupManagementPath)} />;
}
