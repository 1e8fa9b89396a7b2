import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { twoFactorPath } from '../urls';

export default function TwoFactorView() {
  return <PageHeader title={menuEntryName(twoFactorPath)} />;
}
