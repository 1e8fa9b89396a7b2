import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { userManagementPath } from '../urls';

export default function UserManagementView() {
  return <PageHeader title={menuEntryName(userManagementPath)} />;
}
