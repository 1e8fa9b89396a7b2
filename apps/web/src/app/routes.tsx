import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { forgotPasswordPath, loginPath, resetPasswordRoute, setPasswordRoute, signupPath } from '@/features/auth/urls';
import { auditLogPath } from '@/features/auditLog/urls';
import type { EmailSettingsPanelProps } from '@/features/emailSettings/views/EmailSettingsPanel';
import { dashboardPath } from '@/features/dashboard/urls';
import { enquiriesPath, enquiryRoute } from '@/features/enquiries/urls';
import { groupManagementPath } from '@/features/groups/urls';
import {
  ORGANIZATION_TAB_SLUGS,
  organizationDetailPath,
  organizationListPath,
  organizationRoute,
  type OrganizationTabSlug,
} from '@/features/organizations/urls';
import { platformSettingsPath } from '@/features/platformSettings/urls';
import { userSessionsPath } from '@/features/sessions/urls';
import { SessionGate } from './shell/SessionGate';
import { statisticsPath } from '@/features/statistics/urls';
import { subscriptionDetailsPath } from '@/features/subscriptions/urls';
import { twoFactorPath } from '@/features/twoFactor/urls';
import { invitationRoute, organizationInvitationRoute, personRoute, userManagementPath } from '@/features/users/urls';
import { lazyScreen } from '@/lib/lazyScreen';
import { loadChunk } from '@/lib/loadChunk';
import { OrganizationSection, OrganizationSectionNotYet, type OrganizationScreen } from './OrganizationSection';
import { RouteErrorBoundary } from './RouteError';
import type { ScreenHandle } from './usePreloadScreens';
// The sign-in screen is in the first download: it is where every session starts, and a lazy
// chunk would only be fetched after the session check, one more round trip before the form shows.
import Login from '@/features/auth/views/LoginView';

// Every other screen is its own chunk, so the first page only downloads the gate, its frame and sign-in.
const Signup = lazyScreen(() => import('@/features/signup/views/SignupView'));
const ForgotPassword = lazyScreen(() => import('@/features/auth/views/ForgotPasswordView'));
const ResetPassword = lazyScreen(() => import('@/features/auth/views/ResetPasswordView'));
const SetPassword = lazyScreen(() => import('@/features/auth/views/SetPasswordView'));
const Dashboard = lazyScreen(() => import('@/features/dashboard/views/DashboardView'));
const UserManagement = lazyScreen(() => import('@/features/users/views/UserManagementView'));
// A person's page, with the sections other features add (app/PersonPage.tsx).
const Person = lazyScreen(() => import('./PersonPage'));
const GroupManagement = lazyScreen(() => import('./GroupSectionView'));
const Invitation = lazyScreen(() => import('@/features/users/views/InvitationView'));
const OrganizationInvitation: OrganizationScreen = lazyScreen(() =>
  import('@/features/users/views/InvitationView').then((m) => ({ default: m.InvitationView })),
);
const SubscriptionDetails = lazyScreen(() => import('@/features/subscriptions/views/SubscriptionDetailsView'));
const UserSessions = lazyScreen(() => import('@/features/sessions/views/UserSessionsView'));
const Statistics = lazyScreen(() => import('@/features/statistics/views/StatisticsView'));
const AuditLog = lazyScreen(() => import('@/features/auditLog/views/AuditLogView'));
const TwoFactor = lazyScreen(() => import('./PrivacyAndSettingView'));
const EmailSettings = lazyScreen<EmailSettingsPanelProps>(() =>
  import('@/features/emailSettings/views/EmailSettingsPanel').then((m) => ({ default: m.EmailSettingsPanel })),
);
const Enquiries = lazyScreen(() => import('@/features/enquiries/views/EnquiriesView'));
const OrganizationList = lazyScreen(() => import('@/features/organizations/views/OrganizationListView'));
const OrganizationDetail = lazyScreen(() => import('@/features/organizations/views/OrganizationDetailView'));
// Platform Settings with the sections other features draw (app/PlatformSettingsPage.tsx).
const PlatformSettings = lazyScreen(() => import('./PlatformSettingsPage'));
const NotFound = lazyScreen(() => import('./shell/NotFoundView'));

// The organisation admin's screens, shown in an organisation's tabs for the organisation in the address.
const ORGANIZATION_SECTIONS: Partial<Record<OrganizationTabSlug, OrganizationScreen>> = {
  info: lazyScreen(() => import('@/features/organizations/views/OrganizationInfoScreen')),
  Subscription: lazyScreen(() =>
    import('@/features/subscriptions/views/SubscriptionsScreen').then((m) => ({ default: m.SubscriptionsScreen })),
  ),
  user: lazyScreen(() => import('@/features/users/views/UsersScreen').then((m) => ({ default: m.UsersScreen }))),
  group: lazyScreen(() => import('./GroupSectionView').then((m) => ({ default: m.GroupSection }))),
  UserSessions: lazyScreen(() => import('@/features/sessions/views/SessionsScreen').then((m) => ({ default: m.SessionsScreen }))),
  Statistics: lazyScreen(() => import('@/features/statistics/views/StatisticsView')),
  // The organisation's settings, and the webhook endpoints the provider keeps for it.
  SettingDetails: lazyScreen(() => import('./SettingDetailsSection').then((m) => ({ default: m.SettingDetailsSection }))),
  emailsettings: EmailSettings,
  sso: lazyScreen(() => import('@/features/singleSignOn/views/SsoSettingsPanel').then((m) => ({ default: m.SsoSettingsPanel }))),
};

// Every address no other route takes: it says there is no such page, signed in or not.
const NO_SUCH_PAGE: RouteObject = { path: '*', element: <NotFound /> };

/** Whether no screen of the console is at the address (the root leads to the sign-in or landing page). */
function isUnknownAddress(pathname: string): boolean {
  const last = matchRoutes(routes, pathname)?.at(-1);
  return last?.route === NO_SUCH_PAGE && Boolean(last.params['*']);
}

const organizationSection = (slug: OrganizationTabSlug) => {
  const screen = ORGANIZATION_SECTIONS[slug];
  // The group tab holds the groups and projects tabs, with a project's page below them.
  const path = slug === 'group' ? `${slug}/*` : slug;
  return { path, element: screen ? <OrganizationSection screen={screen} /> : <OrganizationSectionNotYet /> };
};

/** SPEC §2 routes. Who may open which is decided by the gate (see access.ts), not here. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary fullPage>
        <SessionGate isUnknownAddress={isUnknownAddress} />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Errors of a screen show inside the frame, so the menu stays usable.
        element: <RouteErrorBoundary />,
        children: [
          { path: loginPath, element: <Login /> },
          { path: signupPath, element: <Signup /> },
          { path: forgotPasswordPath, element: <ForgotPassword /> },
          { path: resetPasswordRoute, element: <ResetPassword /> },
          { path: setPasswordRoute, element: <SetPassword /> },

          {
            path: dashboardPath,
            element: <Dashboard />,
            // When the page opens here, its data is asked for beside the session check (preloadLanding).
            handle: { prefetch: () => loadChunk(() => import('@/features/dashboard/prefetchDashboard')) } satisfies ScreenHandle,
          },
          { path: userManagementPath, element: <UserManagement /> },
          { path: invitationRoute, element: <Invitation /> },
          { path: personRoute, element: <Person /> },
          { path: `${groupManagementPath}/*`, element: <GroupManagement /> },
          { path: subscriptionDetailsPath, element: <SubscriptionDetails /> },
          { path: userSessionsPath, element: <UserSessions /> },
          { path: statisticsPath, element: <Statistics /> },
          { path: auditLogPath, element: <AuditLog /> },
          { path: twoFactorPath, element: <TwoFactor />, children: [{ path: '*' }] },
          // One enquiry at its own address shows over the list, which keeps its filters.
          { path: enquiriesPath, element: <Enquiries />, children: [{ path: enquiryRoute }] },
          { path: organizationListPath, element: <OrganizationList /> },
          // An organisation's page needs its id; the old address without one leads to the list.
          { path: organizationDetailPath, element: <Navigate to={organizationListPath} replace /> },
          {
            // The page (name and tabs) stays while its tabs change; each tab's screen is a child here.
            path: organizationRoute,
            element: <OrganizationDetail />,
            children: [
              ...ORGANIZATION_TAB_SLUGS.map(organizationSection),
              { path: 'user/:userId', element: <OrganizationSection screen={Person} /> },
              { path: organizationInvitationRoute, element: <OrganizationSection screen={OrganizationInvitation} /> },
              { path: '*' },
            ],
          },
          {
            path: platformSettingsPath,
            element: <PlatformSettings />,
            children: [{ path: '*' }],
          },

          NO_SUCH_PAGE,
        ],
      },
    ],
  },
];
