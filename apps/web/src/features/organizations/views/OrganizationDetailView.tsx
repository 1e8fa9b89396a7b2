import { Link, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Navigate, Outlet, Link as RouterLink, useLocation, useMatch, useParams } from 'react-router-dom';
import { NoSuchPage } from '@/components/NoSuchPage';
import { PageHeader } from '@/components/PageHeader';
import { ProblemNotice } from '@/components/ProblemNotice';
import { useOrganizationNameQuery } from '@/generated/graphql';
import { menuEntryName } from '@/lib/menu';
import { describeRequestError } from '@/lib/requestErrors';
import { OrganizationTabs } from '@/features/organizations/components/OrganizationTabs';
import { OrganizationUnavailable } from '@/features/organizations/components/OrganizationUnavailable';
import {
  findOrganizationTab,
  isOrganizationId,
  organizationListPath,
  organizationTabPath,
  organizationTabRoute,
  tabSlug,
} from '@/features/organizations/urls';

function hasCode(error: unknown, code: string): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === code);
}

function Breadcrumb() {
  return (
    <Link asChild color="fg.muted" _hover={{ color: 'brand.fg' }}>
      <RouterLink to={organizationListPath}>{menuEntryName(organizationListPath)}</RouterLink>
    </Link>
  );
}

/** One organisation: its name, its nine sections as tabs, and the open section below them. */
export default function OrganizationDetailView() {
  const { clientId } = useParams();
  // A tab's own pages (a person under `user/42`, an invitation under the user tab, the group tab's projects) keep the tab open.
  const named = useMatch({ path: organizationTabRoute, end: false })?.params.tab;
  const tab = findOrganizationTab(named);
  const { pathname } = useLocation();
  const validId = isOrganizationId(clientId);
  const { data, error, refetch } = useOrganizationNameQuery({ variables: { id: clientId ?? '' }, skip: !validId });

  // The specification's addresses had no id (`/OrganizationDetails/Organization/info`): which
  // organisation they meant is unknown, so they lead to the list to choose one.
  if (!tab && findOrganizationTab(clientId)) return <Navigate to={organizationListPath} replace />;
  if (!validId || data?.organization === null || hasCode(error, 'NOT_FOUND')) {
    return <OrganizationUnavailable reason="not-found" listPath={organizationListPath} />;
  }
  // The address names the organisation but no tab of it: open the first; an unknown one says so first.
  if (!tab && !named) return <Navigate to={organizationTabPath(clientId, 'info')} replace />;
  if (hasCode(error, 'FORBIDDEN')) return <OrganizationUnavailable reason="forbidden" listPath={organizationListPath} />;
  if (error) {
    return (
      <ProblemNotice
        title="This organization could not be loaded"
        message={describeRequestError(error)}
        actionLabel="Try again"
        onAction={() => void refetch().catch(() => undefined)}
      />
    );
  }

  const name = data?.organization?.companyName;
  return (
    <>
      {name ? (
        <PageHeader eyebrow={<Breadcrumb />} title={name} />
      ) : (
        <Stack gap="1" mb="6" role="status">
          <Breadcrumb />
          <Skeleton height="9" width={{ base: '60%', md: '20rem' }} />
          <VisuallyHidden>Loading the organization</VisuallyHidden>
        </Stack>
      )}
      {tab ? (
        <OrganizationTabs clientId={clientId} current={tabSlug(tab)}>
          <Outlet />
        </OrganizationTabs>
      ) : (
        <NoSuchPage
          variant="section"
          address={pathname}
          target={organizationTabPath(clientId, 'info')}
          targetName={findOrganizationTab('info')?.name ?? 'the organization'}
        />
      )}
    </>
  );
}
