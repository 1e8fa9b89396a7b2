import { Box, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { ChartPanel } from '@/components/charts/ChartPanel';
import { PageHeader } from '@/components/PageHeader';
import { ProblemNotice } from '@/components/ProblemNotice';
import { useDashboardSummaryQuery } from '@/generated/graphql';
import { formatDate } from '@/lib/dates';
import { menuEntryName } from '@/lib/menu';
import { describeRequestError } from '@/lib/requestErrors';
import { DASHBOARD_CARDS, DASHBOARD_COLUMNS, DashboardCards } from '@/features/dashboard/components/DashboardCards';
import { dashboardLinks, dashboardPath } from '@/features/dashboard/urls';
import { takePrefetchedDashboard } from '@/features/dashboard/prefetchDashboard';

type Props = {
  /** The organisation to show; the viewer's own when absent (a SuperAdmin passes the one they look at). */
  organizationId?: string;
  /** Inside another page (an organisation's tab): no page title of its own. */
  embedded?: boolean;
};

const SIGN_IN_SERIES = [{ key: 'count', label: 'Sign-ins', color: 'brand.fg' }];

/** An organisation at a glance: people, seats, licences, sessions and invitations, and recent sign-ins. */
export default function DashboardView({ organizationId, embedded = false }: Props) {
  // What was asked for ahead (prefetchDashboard: the page opened here, or the link was pointed at) is fresh: not asked twice.
  const [fetchPolicy] = useState(() =>
    !organizationId && takePrefetchedDashboard() ? ('cache-first' as const) : ('cache-and-network' as const),
  );
  const { data, error, loading, refetch } = useDashboardSummaryQuery({ variables: { organizationId }, fetchPolicy });
  const links = dashboardLinks(organizationId);
  const dashboard = data?.dashboard;
  const header = embedded ? null : <PageHeader title={menuEntryName(dashboardPath)} />;

  if (error && !dashboard) {
    return (
      <>
        {header}
        <ProblemNotice
          title="The dashboard could not be loaded"
          message={describeRequestError(error)}
          actionLabel="Try again"
          onAction={() => void refetch().catch(() => undefined)}
        />
      </>
    );
  }

  return (
    <>
      {header}
      <Stack gap="6">
        {!dashboard ? (
          <Box role="status" aria-busy={loading}>
            <VisuallyHidden>Loading the dashboard</VisuallyHidden>
            <SimpleGrid columns={DASHBOARD_COLUMNS} gap="4">
              {DASHBOARD_CARDS.map((_, index) => (
                <Skeleton key={index} h="8.5rem" rounded="l3" />
              ))}
            </SimpleGrid>
          </Box>
        ) : (
          <>
            <DashboardCards dashboard={dashboard} links={links} />
            <ChartPanel
              title="Sign-ins per day"
              description={`The last ${dashboard.signInsPerDay.length} days`}
              categoryHeader="Day"
              rows={dashboard.signInsPerDay.map((day) => ({ label: formatDate(day.day), values: { count: day.count } }))}
              series={SIGN_IN_SERIES}
              emptyText="No sign-ins in these days"
            />
          </>
        )}
      </Stack>
    </>
  );
}
