import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { enquiriesPath } from '../urls';

export default function EnquiriesView() {
  return <PageHeader title={menuEntryName(enquiriesPath)} />;
}
