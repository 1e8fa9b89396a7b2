import { Box, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCalendarClock, LuMailPlus, LuMonitorCheck, LuShieldAlert, LuUserCheck, LuUserX } from 'react-icons/lu';
import { ChartPanel } from '@/components/charts/ChartPanel';
import { PageHeader } from '@/components/PageHeader';
import { ProblemNotice } from '@/components/ProblemNotice';
import { useDashboardSummaryQuery } from '@/generated/graphql';
import { formatDate } from '@/lib/dates';
import { menuEntryName } from '@/lib/menu';
import { formatNumber } from '@/lib/numbers';
import { describeRequestError } from '@/lib/requestErrors';
import { SeatsCard } from '@/features/dashboard/components/SeatsCard';
import { StatCard } from '@/features/dashboard/components/StatCard';
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
            <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
              {Array.from({ length: 7 }, (_, index) => (
                <Skeleton key={index} h="8.5rem" rounded="l3" />
              ))}
            </SimpleGrid>
          </Box>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
              <StatCard
                label="Active users"
                value={formatNumber(dashboard.activeUsers)}
                detail="People who can sign in now"
                icon={LuUserCheck}
                to={links.users}
                destination="User Management"
                testId="dashboard-active-users"
              />
              <StatCard
                label="Deactivated users"
                value={formatNumber(dashboard.disabledUsers)}
                detail="Deactivated accounts"
                icon={LuUserX}
                to={links.users}
                destination="User Management"
                testId="dashboard-disabled-users"
              />
              <StatCard
                label="Pending invitations"
                value={formatNumber(dashboard.pendingInvitations)}
                detail="Invited, no password chosen yet"
                icon={LuMailPlus}
                to={links.users}
                destination="User Management"
                testId="dashboard-pending-invitations"
              />
              <StatCard
                label="Sessions active now"
                value={formatNumber(dashboard.sessionsActiveNow)}
                detail="Signed in and not expired"
                icon={LuMonitorCheck}
                to={links.sessions}
                destination="User Sessions"
                testId="dashboard-sessions-active"
              />
              <StatCard
                label={`Licences expiring within ${dashboard.expiringWithinDays} days`}
                value={formatNumber(dashboard.licencesExpiringSoon)}
                detail="Renew them to keep their seats"
                icon={LuCalendarClock}
                to={links.subscription}
                destination="Subscription Details"
                testId="dashboard-licences-expiring"
              />
              <SeatsCard seats={dashboard.seats} to={links.subscription} destination="Subscription Details" />
              <StatCard
                label="Failed sign-ins, last 24 hours"
                value={formatNumber(dashboard.failedSignInsLastDay)}
                detail="Wrong passwords and codes, and attempts held back; each person’s page shows theirs"
                icon={LuShieldAlert}
                testId="dashboard-failed-sign-ins"
              />
            </SimpleGrid>
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
