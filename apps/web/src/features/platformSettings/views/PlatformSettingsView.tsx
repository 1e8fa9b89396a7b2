import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useMatch } from 'react-router-dom';
import { NoSuchPage } from '@/components/NoSuchPage';
import { LinkTabs } from '@/components/LinkTabs';
import { PageHeader } from '@/components/PageHeader';
import { ScreenSpinner } from '@/components/ScreenSpinner';
import { menuEntryName } from '@/lib/menu';
import {
  findPlatformSection,
  PLATFORM_SECTIONS,
  platformSectionPath,
  platformSectionRoute,
  platformSettingsPath,
  type PlatformSectionSlug,
} from '@/features/platformSettings/urls';
import { AdministratorSection } from './AdministratorSection';
import { ApiKeySection } from './ApiKeySection';
import { PlanMasterSection } from './PlanMasterSection';
import { ProductMasterSection } from './ProductMasterSection';
import { OrganizationChoiceMasterSection } from './OrganizationChoiceMasterSection';
import { RegionMasterSection } from './RegionMasterSection';
import { RoleMasterSection } from './RoleMasterSection';

const TABS = PLATFORM_SECTIONS.map((section) => ({ value: section.slug, label: section.label, to: platformSectionPath(section.slug) }));

type Props = {
  /** Sections another feature draws (the platform's audit log), handed in by the app. */
  sections?: Partial<Record<PlatformSectionSlug, ReactNode>>;
};

/** The provider's masters, one section per tab at its own address. */
export default function PlatformSettingsView({ sections = {} }: Props) {
  const named = useMatch({ path: platformSectionRoute, end: false })?.params.section;
  const section = findPlatformSection(named);
  const { pathname } = useLocation();
  const first = PLATFORM_SECTIONS[0];
  // The menu's address opens the first section; one that does not exist says so first.
  if (!section && !named) return <Navigate to={platformSectionPath(first.slug)} replace />;
  if (!section) {
    return (
      <>
        <PageHeader title={menuEntryName(platformSettingsPath)} />
        <NoSuchPage variant="section" address={pathname} target={platformSectionPath(first.slug)} targetName={first.label} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={menuEntryName(platformSettingsPath)} />
      <LinkTabs label="Platform settings sections" tabs={TABS} value={section.slug} testId="platform-tabs">
        {section.slug === 'plans' && <PlanMasterSection />}
        {section.slug === 'products' && <ProductMasterSection />}
        {section.slug === 'roles' && <RoleMasterSection />}
        {section.slug === 'regions' && <RegionMasterSection />}
        {section.slug === 'business-verticals' && <OrganizationChoiceMasterSection key="verticals" list="BUSINESS_VERTICAL" />}
        {section.slug === 'client-types' && <OrganizationChoiceMasterSection key="types" list="CLIENT_TYPE" />}
        {section.slug === 'administrators' && <AdministratorSection />}
        {section.slug === 'api-keys' && <ApiKeySection />}
        {sections[section.slug] && <Suspense fallback={<ScreenSpinner />}>{sections[section.slug]}</Suspense>}
      </LinkTabs>
    </>
  );
}
