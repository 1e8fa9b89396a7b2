import { ORGANIZATION_TABS } from '@yozy/shared';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { menuEntryName } from '../../../lib/menu';
import { OrganizationTabs } from '../components/OrganizationTabs';
import { findOrganizationTab, organizationListPath, organizationTabPath, tabSlug } from '../urls';

const TAB_LINKS = ORGANIZATION_TABS.map((tab) => ({ to: organizationTabPath(tabSlug(tab)), name: tab.name }));

export default function OrganizationTabView() {
  const { tab: slug } = useParams();
  const tab = findOrganizationTab(slug);
  if (!tab) return <Navigate to={organizationTabPath('info')} replace />;
  return (
    <>
      <PageHeader
        eyebrow={
          <Link asChild color="fg.muted" _hover={{ color: 'brand.fg' }}>
            <RouterLink to={organizationListPath}>{menuEntryName(organizationListPath)}</RouterLink>
          </Link>
        }
        title={tab.name}
      />
      <OrganizationTabs tabs={TAB_LINKS} />
    </>
  );
}
