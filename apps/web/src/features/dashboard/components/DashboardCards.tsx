import { SimpleGrid } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuCalendarClock, LuMailPlus, LuMonitorCheck, LuShieldAlert, LuUserCheck, LuUserX } from 'react-icons/lu';
import type { DashboardSummaryQuery } from '@/generated/graphql';
import { formatNumber } from '@/lib/numbers';
import type { dashboardLinks } from '@/features/dashboard/urls';
import { SeatsCard } from './SeatsCard';
import { StatCard } from './StatCard';

type Dashboard = NonNullable<DashboardSummaryQuery['dashboard']>;
type Links = ReturnType<typeof dashboardLinks>;
/** The dashboard's counts: the fields of its answer that are numbers. */
type Count = { [Field in keyof Dashboard]: Dashboard[Field] extends number ? Field : never }[keyof Dashboard];

/** A card of the dashboard: one count with what it counts, or the seats per product; a card with `leadsTo` opens that screen. */
type DashboardCard =
  | {
      kind: 'count';
      count: Count;
      label: string | ((dashboard: Dashboard) => string);
      detail: string;
      icon: IconType;
      leadsTo?: keyof Links;
      testId: string;
    }
  | { kind: 'seats'; leadsTo: keyof Links };

/** The names of the screens the cards open, as the menu says them. */
const DESTINATIONS: Record<keyof Links, string> = {
  users: 'User Management',
  sessions: 'User Sessions',
  subscription: 'Subscription Details',
};

/** The dashboard's cards, in the order they are drawn. */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  {
    kind: 'count',
    count: 'activeUsers',
    label: 'Active users',
    detail: 'People who can sign in now',
    icon: LuUserCheck,
    leadsTo: 'users',
    testId: 'dashboard-active-users',
  },
  {
    kind: 'count',
    count: 'disabledUsers',
    label: 'Deactivated users',
    detail: 'Deactivated accounts',
    icon: LuUserX,
    leadsTo: 'users',
    testId: 'dashboard-disabled-users',
  },
  {
    kind: 'count',
    count: 'pendingInvitations',
    label: 'Pending invitations',
    detail: 'Invited, no password chosen yet',
    icon: LuMailPlus,
    leadsTo: 'users',
    testId: 'dashboard-pending-invitations',
  },
  {
    kind: 'count',
    count: 'sessionsActiveNow',
    label: 'Sessions active now',
    detail: 'Signed in and not expired',
    icon: LuMonitorCheck,
    leadsTo: 'sessions',
    testId: 'dashboard-sessions-active',
  },
  {
    kind: 'count',
    count: 'licencesExpiringSoon',
    label: (dashboard) => `Licences expiring within ${dashboard.expiringWithinDays} days`,
    detail: 'Renew them to keep their seats',
    icon: LuCalendarClock,
    leadsTo: 'subscription',
    testId: 'dashboard-licences-expiring',
  },
  { kind: 'seats', leadsTo: 'subscription' },
  {
    kind: 'count',
    count: 'failedSignInsLastDay',
    label: 'Failed sign-ins, last 24 hours',
    detail: 'Wrong passwords and codes, and attempts held back; each person’s page shows theirs',
    icon: LuShieldAlert,
    testId: 'dashboard-failed-sign-ins',
  },
];

/** How many cards a row holds as the screen widens. */
export const DASHBOARD_COLUMNS = { base: 1, sm: 2, xl: 3 } as const;

/** The cards of DASHBOARD_CARDS for one organisation's numbers, leading to its screens. */
export function DashboardCards({ dashboard, links }: { dashboard: Dashboard; links: Links }) {
  return (
    <SimpleGrid columns={DASHBOARD_COLUMNS} gap="4">
      {DASHBOARD_CARDS.map((card) =>
        card.kind === 'seats' ? (
          <SeatsCard key="seats" seats={dashboard.seats} to={links[card.leadsTo]} destination={DESTINATIONS[card.leadsTo]} />
        ) : (
          <StatCard
            key={card.testId}
            label={typeof card.label === 'string' ? card.label : card.label(dashboard)}
            value={formatNumber(dashboard[card.count])}
            detail={card.detail}
            icon={card.icon}
            to={card.leadsTo && links[card.leadsTo]}
            destination={card.leadsTo && DESTINATIONS[card.leadsTo]}
            testId={card.testId}
          />
        ),
      )}
    </SimpleGrid>
  );
}
