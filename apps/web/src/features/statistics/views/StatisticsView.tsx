import { Box, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { parseAsString, useQueryStates } from 'nuqs';
import { ChartPanel } from '@/components/charts/ChartPanel';
import type { ChartSeries } from '@/components/charts/types';
import { PageHeader } from '@/components/PageHeader';
import { ProblemNotice } from '@/components/ProblemNotice';
import { useStatisticsReportQuery } from '@/generated/graphql';
import { formatDate } from '@/lib/dates';
import { menuEntryName } from '@/lib/menu';
import { describeRequestError } from '@/lib/requestErrors';
import { RangeForm } from '@/features/statistics/components/RangeForm';
import { isDay } from '@/features/statistics/range';
import { statisticsPath } from '@/features/statistics/urls';

type Props = {
  /** The organisation to show; the viewer's own when absent (a SuperAdmin passes the one they look at). */
  organizationId?: string;
  /** Inside another page (an organisation's tab): no page title of its own. */
  embedded?: boolean;
};

/** The days shown live in the address (`?from=2026-10-01&to=2026-10-31`), so a link shows the same. */
const RANGE_PARSERS = { from: parseAsString, to: parseAsString };

const series = (key: string, label: string, color = 'brand.fg'): ChartSeries => ({ key, label, color });
const SIGN_INS = [series('count', 'Sign-ins')];
const ACTIVE_USERS = [series('count', 'Active users')];
const SEATS = [series('used', 'Seats used'), series('capacity', 'Seats', 'orange.fg')];
const PEOPLE = [series('count', 'People')];
const MEMBERS = [series('count', 'Active members')];
const PROJECT_ACTIVITY = [
  series('allocations', 'Allocations'),
  series('issues', 'Issues', 'orange.fg'),
  series('releases', 'Releases', 'purple.fg'),
];

function isBadInput(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'BAD_USER_INPUT');
}

/** An organisation's activity over the days chosen, each chart with its table and CSV. */
export default function StatisticsView({ organizationId, embedded = false }: Props) {
  const [range, setRange] = useQueryStates(RANGE_PARSERS);
  const { data, previousData, error, loading, refetch } = useStatisticsReportQuery({
    // A day the address garbles is left to the server's default rather than refused.
    variables: { organizationId, from: isDay(range.from) ? range.from : undefined, to: isDay(range.to) ? range.to : undefined },
    notifyOnNetworkStatusChange: true,
  });
  const statistics = data?.statistics ?? previousData?.statistics;
  const header = embedded ? null : <PageHeader title={menuEntryName(statisticsPath)} />;

  if (error && !isBadInput(error) && !statistics) {
    return (
      <>
        {header}
        <ProblemNotice
          title="The statistics could not be loaded"
          message={describeRequestError(error)}
          actionLabel="Try again"
          onAction={() => void refetch().catch(() => undefined)}
        />
      </>
    );
  }

  const days = statistics ? `${formatDate(statistics.from)} to ${formatDate(statistics.to)}` : '';
  return (
    <>
      {header}
      <Stack gap="6">
        {statistics && (
          <RangeForm
            key={`${statistics.from}/${statistics.to}`}
            value={{ from: statistics.from, to: statistics.to }}
            onChange={(chosen) => void setRange(chosen)}
            problem={isBadInput(error) ? describeRequestError(error) : null}
          />
        )}
        {!statistics ? (
          <Box role="status">
            <VisuallyHidden>Loading the statistics</VisuallyHidden>
            <Stack gap="4">
              <Skeleton h="10" w={{ base: 'full', md: '32rem' }} />
              <Skeleton h="20rem" rounded="l3" />
              <Skeleton h="20rem" rounded="l3" />
            </Stack>
          </Box>
        ) : (
          <Stack gap="4" aria-busy={loading} opacity={loading ? 0.6 : 1} transition="opacity 0.15s" data-testid="statistics-charts">
            <ChartPanel
              title="Sign-ins per day"
              description={days}
              categoryHeader="Day"
              rows={statistics.signInsPerDay.map((day) => ({ label: formatDate(day.day), values: { count: day.count } }))}
              series={SIGN_INS}
              emptyText="No sign-ins in these days"
            />
            <ChartPanel
              title="Active users per day"
              description={`People who signed in, ${days}`}
              categoryHeader="Day"
              rows={statistics.activeUsersPerDay.map((day) => ({ label: formatDate(day.day), values: { count: day.count } }))}
              series={ACTIVE_USERS}
              emptyText="Nobody signed in these days"
            />
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
              <ChartPanel
                title="Seat use per product"
                description="Today"
                categoryHeader="Product"
                rows={statistics.seats.map((seat) => ({ label: seat.productName, values: { used: seat.used, capacity: seat.capacity } }))}
                series={SEATS}
                shape="bars"
                emptyText="No licences or product roles yet"
              />
              <ChartPanel
                title="Users per department"
                description="Active people today"
                categoryHeader="Department"
                rows={statistics.usersPerDepartment.map((row) => ({ label: row.name ?? 'No department', values: { count: row.count } }))}
                series={PEOPLE}
                shape="bars"
                emptyText="No active people"
              />
              <ChartPanel
                title="Users per group"
                description="Active members today"
                categoryHeader="Group"
                rows={statistics.usersPerGroup.map((row) => ({ label: row.name ?? '', values: { count: row.count } }))}
                series={MEMBERS}
                shape="bars"
                emptyText="No groups yet"
              />
              <ChartPanel
                title="Project activity"
                description="Current allocations, issues and releases of each project"
                categoryHeader="Project"
                rows={statistics.projects.map((project) => ({
                  label: `${project.shortCode} ${project.name}`,
                  values: { allocations: project.allocations, issues: project.issues, releases: project.releases },
                }))}
                series={PROJECT_ACTIVITY}
                emptyText="No projects yet"
              />
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </>
  );
}
