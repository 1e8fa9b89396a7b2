import { organizationTabPath } from '@/features/organizations/urls';
import { userSessionsPath } from '@/features/sessions/urls';
import { subscriptionDetailsPath } from '@/features/subscriptions/urls';
import { userManagementPath } from '@/features/users/urls';

export const dashboardPath = '/dashboard';

/**
 * Where the dashboard's cards lead: the organisation admin's own screens, or, for an organisation
 * a SuperAdmin looks at, the same screens as that organisation's tabs.
 */
export function dashboardLinks(organizationId?: string) {
  if (organizationId) {
    return {
      users: organizationTabPath(organizationId, 'user'),
      subscription: organizationTabPath(organizationId, 'Subscription'),
      sessions: organizationTabPath(organizationId, 'UserSessions'),
    };
  }
  return { users: userManagementPath, subscription: subscriptionDetailsPath, sessions: userSessionsPath };
}
