import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { platformSettingsPath } from '../urls';

export default function PlatformSettingsView() {
  return <PageHeader title={menuEntryName(platformSettingsPath)} />;
}
