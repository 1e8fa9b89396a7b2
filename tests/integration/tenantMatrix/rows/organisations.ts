import { ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';
import { ORGANIZATION_FIELDS } from '../fixtures';

/** An organisation of the cell's own, so a change let through touches no other. */
async function freshOrganization(db: CellContext['db'], name: string): Promise<string> {
  const [client] = await db.query<{ client_id: number }>('INSERT INTO clients (company_name) VALUES ($1) RETURNING client_id', [name]);
  return String(client!.client_id);
}

/** Organisations: their details, activation, dashboard and statistics. */
export const ORGANISATIONS: Record<string, Operation> = {
  'Query.organization': {
    call: ({ other }) => ({
      document: `query ($id: ID!) { organization(id: $id) { ${ORGANIZATION_FIELDS} } }`,
      variables: { id: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.organizations': {
    call: ({ other }) => ({
      document: `query ($search: String) { organizations(search: $search, page: { limit: 100 }) { totalCount nodes { ${ORGANIZATION_FIELDS} } } }`,
      variables: { search: other.name },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateOrganization': {
    // Refused callers name the other organisation; the SuperAdmin, let through, edits one made for the cell.
    call: async ({ db, caller, other, unique }) => ({
      document:
        'mutation ($input: UpdateOrganizationInput!) { updateOrganization(input: $input) { organization { id companyName } errors { code field } } }',
      variables: {
        input: {
          id: caller === 'superAdmin' ? await freshOrganization(db, `Matrix Org ${unique}`) : other.id,
          companyName: `Renamed ${unique}`,
          currencyCode: 'EUR',
          defaultRegions: [],
        },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db, other }) => db.query('SELECT company_name, currency_code FROM clients WHERE client_id = $1', [Number(other.id)]),
      unchanged: 'always',
    },
  },
  'Mutation.setOrganizationActive': {
    call: async ({ db, unique }) => ({
      document:
        'mutation ($id: ID!) { setOrganizationActive(input: { id: $id, active: false }) { organization { id isActive } errors { code field } } }',
      variables: { id: await freshOrganization(db, `Switched Org ${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db }) => db.query("SELECT client_id, is_active FROM clients WHERE company_name LIKE 'Switched Org %' ORDER BY client_id"),
    },
  },
  'Query.dashboard': {
    call: ({ other }) => ({
      document: `query ($organizationId: ID) { dashboard(organizationId: $organizationId) { organizationId activeUsers disabledUsers sessionsActiveNow licencesExpiringSoon pendingInvitations seats { productName used capacity } signInsPerDay { day count } } }`,
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.statistics': {
    call: ({ other }) => ({
      document: `query ($organizationId: ID) { statistics(organizationId: $organizationId) { organizationId signInsPerDay { day count } activeUsersPerDay { count } seats { productName used } usersPerDepartment { name count } usersPerGroup { name count } projects { shortCode name allocations issues releases } } }`,
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
};
