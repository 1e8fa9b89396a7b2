import { groupManagementPath } from '@/features/groups/urls';
import { organizationTabPath } from '@/features/organizations/urls';

/**
 * Projects live beside groups: the organisation admin's at `/GroupManagement/projects`, the
 * provider's under an organisation's group tab (`/OrganizationDetails/Organization/42/group/projects`).
 */
export const PROJECTS_SLUG = 'projects';

/** Where an organisation's groups and projects tabs sit: the admin's own, or the provider's view of one organisation. */
export const groupSectionPath = (organizationId?: string) =>
  organizationId ? organizationTabPath(organizationId, 'group') : groupManagementPath;

/** The projects list of the admin's own organisation, or of the organisation the provider looks at. */
export const projectListPath = (organizationId?: string) => `${groupSectionPath(organizationId)}/${PROJECTS_SLUG}`;

/** One project's page with its allocations. */
export const projectPath = (projectId: string, organizationId?: string) =>
  `${projectListPath(organizationId)}/${encodeURIComponent(projectId)}`;
