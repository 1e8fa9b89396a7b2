import { clientUsers } from '#domain/people';
import { auditEntries } from '#routes/auditLog';
import { clients } from '#routes/clients';
import { userRoles } from '#routes/clientUsers';
import { enquiries } from '#routes/enquiryDecisions';
import { groups, personGroups } from '#routes/groups';
import { groupCandidates, groupMembers } from '#routes/groupMembers';
import { invitations } from '#routes/invitations';
import { licences } from '#routes/licences';
import { administrators } from '#routes/platform/administrators';
import { apiKeys } from '#routes/platform/apiKeys';
import { organizationChoices } from '#routes/platform/organizationChoices';
import { outbox } from '#routes/platform/outbox';
import { managedPlans } from '#routes/platform/plans';
import { managedProducts } from '#routes/platform/products';
import { regions } from '#routes/platform/regions';
import { roles } from '#routes/platform/roles';
import { projects } from '#routes/projects';
import { sessions } from '#routes/sessions';
import type { ResourceDefinition } from '#http/resource';

export type Caller = 'organisation admin' | 'provider';
export type List = { name: string; path: string; resource: ResourceDefinition; callers: Caller[]; filter: string; scope?: string };

/**
 * Every list the console shows, as it asks for it: who may, a filter it offers, and the
 * organisation (`ids.client`) or group (`ids.group`) it is of.
 */
export function consoleLists(ids: { client: number; group: number }): List[] {
  const both: Caller[] = ['organisation admin', 'provider'];
  const provider: Caller[] = ['provider'];
  const organisation = `ClientId=eq.${ids.client}`;
  return [
    { name: 'organisations', path: '/subscription_client_details', resource: clients, callers: provider, filter: 'IsActive=is.false' },
    {
      name: 'people',
      path: '/subscription_client_users',
      resource: clientUsers,
      callers: both,
      filter: 'Status=eq.INVITED',
      scope: organisation,
    },
    {
      name: 'role assignments',
      path: '/subscription_user_role_mapping',
      resource: userRoles,
      callers: both,
      filter: `UserId=gt.0`,
      scope: organisation,
    },
    {
      name: 'invitations',
      path: '/subscription/invitations',
      resource: invitations,
      callers: both,
      filter: 'ExpiresAt=gt.2000-01-01T00:00:00Z',
      scope: organisation,
    },
    {
      name: 'groups',
      path: '/agilesaas_itsmassignmentgroup_master',
      resource: groups,
      callers: both,
      filter: 'GroupName=eq.Delivery',
      scope: organisation,
    },
    {
      name: 'group members',
      path: '/subscription_user_group_mapping',
      resource: groupMembers,
      callers: both,
      filter: 'IsActive=is.true',
      scope: `GroupId=eq.${ids.group}`,
    },
    {
      name: 'group candidates',
      path: '/subscription_user_group_mapping/candidates',
      resource: groupCandidates,
      callers: both,
      filter: 'IsMember=is.false',
      scope: `GroupId=eq.${ids.group}`,
    },
    {
      name: 'a person’s groups',
      path: '/subscription_user_groups',
      resource: personGroups,
      callers: both,
      filter: 'GroupName=eq.Delivery',
      scope: organisation,
    },
    {
      name: 'licences',
      path: '/subscription_client_license_details',
      resource: licences,
      callers: both,
      filter: 'IsActive=is.true',
      scope: organisation,
    },
    {
      name: 'sessions of an organisation',
      path: '/subscription_user_sessions',
      resource: sessions,
      callers: both,
      filter: 'EndedAt=is.null',
      scope: organisation,
    },
    { name: 'sessions', path: '/subscription_user_sessions', resource: sessions, callers: provider, filter: 'EndedAt=is.null' },
    {
      name: 'audit log of an organisation',
      path: '/subscription_audit_log',
      resource: auditEntries,
      callers: both,
      filter: 'Action=eq.user.update',
      scope: organisation,
    },
    { name: 'audit log', path: '/subscription_audit_log', resource: auditEntries, callers: provider, filter: 'Action=eq.user.update' },
    {
      name: 'projects',
      path: '/agilesaas_project_master',
      resource: projects,
      callers: both,
      filter: 'IsClosed=is.false',
      scope: organisation,
    },
    {
      name: 'enquiries',
      path: '/subscription/subscription_web_enquiry',
      resource: enquiries,
      callers: provider,
      filter: 'Status=eq.PENDING',
    },
    { name: 'outbox', path: '/platform/outbox', resource: outbox, callers: provider, filter: 'Status=eq.FAILED' },
    {
      name: 'plans',
      path: '/platform/subscription_plan_master',
      resource: managedPlans,
      callers: provider,
      filter: 'Retired=is.false',
    },
    {
      name: 'products',
      path: '/platform/subscription_product_master',
      resource: managedProducts,
      callers: provider,
      filter: 'Domain=eq.web',
    },
    { name: 'regions', path: '/platform/regions', resource: regions, callers: provider, filter: 'IsActive=is.true' },
    { name: 'roles', path: '/platform/roles', resource: roles, callers: provider, filter: 'RoleName=eq.Admin' },
    {
      name: 'administrators',
      path: '/platform/administrators',
      resource: administrators,
      callers: provider,
      filter: 'IsActive=is.true',
    },
    { name: 'API keys', path: '/platform/api-keys', resource: apiKeys, callers: provider, filter: 'Access=eq.READ' },
    {
      name: 'organisation choices',
      path: '/platform/organization_choices',
      resource: organizationChoices,
      callers: provider,
      filter: 'ChoiceList=eq.ClientType',
    },
  ];
}
