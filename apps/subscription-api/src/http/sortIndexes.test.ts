import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#db/database';
import { migrate } from '#db/migrate';
import { auditEntries } from '#routes/auditLog';
import { signInAttempts } from '#routes/signInActivity';
import { administrators } from '#routes/platform/administrators';
import { apiKeys } from '#routes/platform/apiKeys';
import { outbox } from '#routes/platform/outbox';
import { regions } from '#routes/platform/regions';
import { roles } from '#routes/platform/roles';
import { plans, products } from '#routes/catalogue';
import { clients } from '#routes/clients';
import { clientUsers } from '#domain/people';
import { invitations } from '#routes/invitations';
import { enquiries } from '#routes/enquiryDecisions';
import { groups } from '#routes/groups';
import { groupCandidates, groupMembers } from '#routes/groupMembers';
import { licences } from '#routes/licences';
import { allocationCandidates, allocations } from '#routes/allocations';
import { projects } from '#routes/projects';
import { managedPlans } from '#routes/platform/plans';
import { managedProducts } from '#routes/platform/products';
import { webhookDeliveries } from '#routes/webhooks';
import type { ResourceDefinition } from './resource';

const RESOURCES: Record<string, ResourceDefinition> = {
  clients,
  products,
  plans,
  groups,
  groupMembers,
  groupCandidates,
  projects,
  allocations,
  allocationCandidates,
  licences,
  managedPlans,
  managedProducts,
  enquiries,
  clientUsers,
  invitations,
  auditEntries,
  signInAttempts,
  regions,
  roles,
  administrators,
  apiKeys,
  outbox,
  webhookDeliveries,
};

/** `lower(c.company_name)` as an index definition spells it: `lower(company_name)`. */
const withoutAlias = (sql: string) => sql.replace(/\b[a-z]{1,3}\./g, '');

describe('sortable fields', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    await migrate(db);
  });
  afterAll(() => db.close());

  const sortable = Object.entries(RESOURCES).flatMap(([resource, definition]) =>
    Object.entries(definition.fields)
      .filter(([, field]) => field.sort)
      .map(([name, field]) => [
        `${resource}.${name}`,
        field.sort!.index,
        withoutAlias(`${field.sort!.by ?? field.sql}, ${definition.tieBreaker}`),
      ]),
  );

  it.each(sortable)('%s is served by index %s on (%s)', async (_field, index, columns) => {
    const [row] = await db.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE indexname = $1', [index]);
    expect(row?.indexdef).toContain(`(${columns})`);
  });
});
