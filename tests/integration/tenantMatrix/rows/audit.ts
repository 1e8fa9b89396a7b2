import { ONLY_SUPER_ADMIN_MAY, type Operation } from '../../../support/tenantMatrix';

/** The audit log. */
export const AUDIT: Record<string, Operation> = {
  'Query.auditLog': {
    call: ({ other }) => ({
      document: `query ($organizationId: ID) { auditLog(organizationId: $organizationId, page: { limit: 100 }) { totalCount nodes { id action entityId organizationName actor { name email } changes { field before after } } } }`,
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.auditActions': {
    call: ({ other }) => ({
      document: 'query ($organizationId: ID) { auditActions(organizationId: $organizationId) }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
};
