/**
 * The audit log's vocabulary, shared by the service that writes it and the console that shows it.
 * Every action has its words here: the service's `audit()` takes only an action of this table, so
 * an action without words does not compile, and the console never shows `user.role_change`.
 */
export const AUDIT_ACTIONS = {
  'allocation.create': 'Person allocated to a project',
  'allocation.end': 'Allocation ended',
  'allocation.update': 'Allocation changed',
  'api_key.create': 'API key made',
  'api_key.revoke': 'API key revoked',
  'enquiry.approve': 'Enquiry approved',
  'enquiry.reject': 'Enquiry rejected',
  'group.add_members': 'Members added to a group',
  'group.create': 'Group created',
  'group.delete': 'Group deleted',
  'group.remove_members': 'Members removed from a group',
  'group.scim_add_members': 'Members added to a group by the identity provider',
  'group.scim_create': 'Group created by the identity provider',
  'group.scim_delete': 'Group deleted by the identity provider',
  'group.scim_remove_members': 'Members removed from a group by the identity provider',
  'group.scim_update': 'Group changed by the identity provider',
  'group.update': 'Group changed',
  'licence.change_plan': 'Licence moved to another plan',
  'licence.create': 'Licence added',
  'licence.deactivate': 'Licence deactivated',
  'licence.extend': 'Licence extended',
  'licence.reactivate': 'Licence reactivated',
  'licence.renewal_request': 'Licence renewal requested',
  'mail.read': 'Mail read in the outbox',
  'mail.retry': 'Mail sent again',
  'organization.activate': 'Organization activated',
  'organization.create': 'Organization created',
  'organization.deactivate': 'Organization deactivated',
  'organization.domain_add': 'Domain added',
  'organization.domain_lapse': 'Domain no longer verified: its record is gone',
  'organization.domain_remove': 'Domain removed',
  'organization.domain_verify': 'Domain verified',
  'organization.email_settings_change': 'Email settings changed',
  'organization.email_template_change': 'Mail wording changed',
  'organization.email_template_reset': 'Mail wording set back to the default',
  'organization.settings_change': 'Organization settings changed',
  'organization.sso_change': 'Single sign-on settings changed',
  'organization.sso_domain_verify': 'Single sign-on domain verified',
  'organization.update': 'Organization information changed',
  'organizationChoice.create': 'Choice added',
  'organizationChoice.delete': 'Choice deleted',
  'organizationChoice.reactivate': 'Choice offered again',
  'organizationChoice.rename': 'Choice renamed',
  'organizationChoice.retire': 'Choice retired',
  'plan.create': 'Plan added',
  'plan.delete': 'Plan deleted',
  'plan.reinstate': 'Plan offered again',
  'plan.retire': 'Plan retired',
  'plan.update': 'Plan changed',
  'product.create': 'Product added',
  'product.update': 'Product changed',
  'provisioning.settings_change': 'Provisioning settings changed',
  'provisioning.token_create': 'Provisioning token made',
  'provisioning.token_first_use': 'Provisioning token used for the first time',
  'provisioning.token_revoke': 'Provisioning token revoked',
  'project.close': 'Project closed',
  'project.create': 'Project created',
  'project.rename': 'Project renamed',
  'region.create': 'Region added',
  'region.delete': 'Region deleted',
  'region.reactivate': 'Region offered again',
  'region.rename': 'Region renamed',
  'region.retire': 'Region retired',
  'role.create': 'Role added',
  'role.delete': 'Role deleted',
  'role.reactivate': 'Role offered again',
  'role.retire': 'Role retired',
  'role.update': 'Role changed',
  'session.end': 'Session ended',
  'session.end_all_of_user': 'Every session of a person ended',
  'session.end_all_others': 'Everyone else signed out',
  'two_factor.disable': 'Two-factor sign-in turned off',
  'two_factor.enable': 'Two-factor sign-in turned on',
  'two_factor.recovery_code_used': 'Recovery code used to sign in',
  'two_factor.reset': 'Two-factor sign-in reset',
  'user.activate': 'Person activated',
  'user.admin_grant': 'Made an organization admin',
  'user.admin_revoke': 'Organization admin rights removed',
  'user.approve': 'Person approved',
  'user.deactivate': 'Person deactivated',
  'user.decline': 'Person declined',
  'user.invitation_accepted': 'Invitation accepted',
  'user.invitation_link': 'New invitation link made',
  'user.invitation_resend': 'Invitation sent again',
  'user.invitation_revoke': 'Invitation revoked',
  'user.invite': 'Person invited',
  'user.password_change': 'Own password changed',
  'user.password_reset': 'Password reset with a mailed link',
  'user.password_reset_mail': 'Password reset link mailed',
  'user.role_add': 'Role given',
  'user.role_change': 'Role changed',
  'user.role_remove': 'Role removed',
  'user.scim_activate': 'Person activated by the identity provider',
  'user.scim_create': 'Person added by the identity provider',
  'user.scim_deactivate': 'Person deactivated by the identity provider',
  'user.scim_delete': 'Person removed by the identity provider',
  'user.scim_restore': 'Person added again by the identity provider',
  'user.scim_update': 'Person changed by the identity provider',
  'user.sign_in_handoff_issue': 'Sign-in link made for a product',
  'user.sign_in_handoff_redeem': 'Sign-in link from a product used',
  'user.sign_in_hold_clear': 'Sign-in hold cleared',
  'user.sign_out': 'Signed out of every session',
  'user.sso_create': 'Account made at a single sign-on',
  'user.update': 'Profile changed',
  'webhook.create': 'Webhook endpoint added',
  'webhook.delete': 'Webhook endpoint deleted',
  'webhook.pause': 'Webhook endpoint paused',
  'webhook.redeliver': 'Webhook event sent again',
  'webhook.resume': 'Webhook endpoint resumed',
  'webhook.rotate_secret': 'Webhook signing secret rotated',
  'webhook.test': 'Webhook test event sent',
  'webhook.update': 'Webhook endpoint changed',
} as const satisfies Record<`${string}.${string}`, string>;

/** An action the audit log records, as `<record>.<verb>`. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/** An action's words; an action written by an older version of the service reads as its record and verb. */
export function auditActionLabel(action: string): string {
  if (isAuditAction(action)) return AUDIT_ACTIONS[action];
  const [record = '', verb = ''] = action.split('.');
  const words = `${record} ${verb}`
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The kinds of record an entry is about (its entity type), in words. */
export const AUDIT_RECORD_KINDS = {
  allocation: 'Project allocation',
  api_key: 'API key',
  enquiry: 'Enquiry',
  group: 'Group',
  licence: 'Licence',
  mail: 'Mail',
  organization: 'Organization',
  organizationChoice: 'Choice',
  plan: 'Plan',
  product: 'Product',
  project: 'Project',
  region: 'Region',
  role: 'Role',
  session: 'Session',
  user: 'Person',
  webhook_endpoint: 'Webhook endpoint',
} as const;

export type AuditRecordKind = keyof typeof AUDIT_RECORD_KINDS;

export const isAuditRecordKind = (kind: string): kind is AuditRecordKind => Object.hasOwn(AUDIT_RECORD_KINDS, kind);

/**
 * The fields of an entry's before and after that hold the id of another record (or a list of
 * them), with the kind of record: the service names those records for the console, which shows
 * "Product: Yozy Lite" rather than "Product id: 2". A field's first letter may be either case
 * (`productId`, `ProductId`). Records inside a list of objects (an invitation's `roles`) are named too.
 */
export const AUDIT_REFERENCE_FIELDS = {
  addedUserIds: 'user',
  adminUserId: 'user',
  clientId: 'organization',
  currentAllocationIds: 'allocation',
  enquiryId: 'enquiry',
  issuedBy: 'user',
  licenceId: 'licence',
  memberIds: 'user',
  planId: 'plan',
  productId: 'product',
  projectId: 'project',
  removedUserIds: 'user',
  roleId: 'role',
  userId: 'user',
} as const satisfies Record<string, AuditRecordKind>;

/** The kind of record a field of an entry refers to by id, or undefined for a field that holds a value. */
export function auditReferenceKind(field: string): AuditRecordKind | undefined {
  const name = field.charAt(0).toLowerCase() + field.slice(1);
  return Object.hasOwn(AUDIT_REFERENCE_FIELDS, name) ? AUDIT_REFERENCE_FIELDS[name as keyof typeof AUDIT_REFERENCE_FIELDS] : undefined;
}

/** One record an entry names by id, as `<kind>:<id>` (`product:2`). */
export const auditReference = (kind: AuditRecordKind, id: string | number) => `${kind}:${id}`;

/**
 * Every record an entry's before or after names by id: each field of AUDIT_REFERENCE_FIELDS, at
 * the top or in the objects of a list (`roles: [{ role, productId }]`), as `<kind>:<id>`.
 */
export function auditReferences(fields: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 2) return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    for (const [field, held] of Object.entries(value)) {
      const kind = auditReferenceKind(field);
      if (!kind) {
        visit(held, depth + 1);
        continue;
      }
      for (const id of Array.isArray(held) ? held : [held]) {
        if ((typeof id === 'number' && Number.isInteger(id)) || (typeof id === 'string' && /^\d{1,10}$/.test(id))) {
          found.add(auditReference(kind, id));
        }
      }
    }
  };
  visit(fields, 0);
  return [...found];
}
