import { Navigate, useMatch } from 'react-router-dom';
import { LinkTabs } from '../../../components/LinkTabs';
import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { findPlatformSection, PLATFORM_SECTIONS, platformSectionPath, platformSectionRoute, platformSettingsPath } from '../urls';
import { PlanMasterSection } from './PlanMasterSection';
import { ProductMasterSection } from './ProductMasterSection';
import { RegionMasterSection } from './RegionMasterSection';

const TABS = PLATFORM_SECTIONS.map((section) => ({ value: section.slug, label: section.label, to: platformSectionPath(section.slug) }));

/** The provider's masters, one section per tab at its own address. */
export default function PlatformSettingsView() {
  const section = findPlatformSection(useMatch(platformSectionRoute)?.params.section);
  // The menu's address, or a section that does not exist: open the first section.
  if (!section) return <Navigate to={platformSectionPath(PLATFORM_SECTIONS[0].slug)} replace />;
  return (
    <>
      <PageHeader title={menuEntryName(platformSettingsPath)} />
      <LinkTabs label="Platform settings sections" tabs={TABS} value={section.slug} testId="platform-tabs">
        {section.slug === 'plans' && <PlanMasterSection />}
        {section.slug === 'products' && <ProductMasterSection />}
        {section.slug === 'regions' && <RegionMasterSection />}
      </LinkTabs>
    </>
  );
}
