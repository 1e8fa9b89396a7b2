import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { userSessionsPath } from '../urls';

export default function UserSessionsView() {
  return <PageHeader title={menuEntryName(userSessionsPath)} />;
}
