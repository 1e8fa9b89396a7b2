import { randomUUID } from 'node:crypto';
import { EVERYONE_MAY, ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';

/** A region of its own for one cell, so a change let through touches no other row. */
async function matrixRegion(db: CellContext['db'], kind: string): Promise<string> {
  const [region] = await db.query<{ id: string }>(
    'INSERT INTO regions (region_code, region_name) VALUES ($1, $1) RETURNING region_id::text AS id',
    [`matrix-${kind}-${Math.random().toString(36).slice(2, 10)}`],
  );
  return region!.id;
}

/** An entry of the client types of its own for one cell, so a change let through touches no other row. */
async function matrixChoice(db: CellContext['db'], kind: string): Promise<string> {
  const [choice] = await db.query<{ id: string }>(
    "INSERT INTO organization_choices (choice_list, choice_name) VALUES ('ClientType', $1) RETURNING choice_id::text AS id",
    [`matrix-${kind}-${randomUUID()}`],
  );
  return choice!.id;
}

const matrixChoices =
  (kind: string) =>
  ({ db }: CellContext) =>
    db.query('SELECT choice_id, choice_name, is_active FROM organization_choices WHERE choice_name LIKE $1 ORDER BY choice_id', [
      `matrix-${kind}-%`,
    ]);

/** A role of its own for one cell, on the first product, so a change let through touches no other row. */
async function matrixRole(db: CellContext['db'], kind: string): Promise<string> {
  const [role] = await db.query<{ id: string }>(
    `INSERT INTO roles (product_id, role_name) SELECT min(product_id), $1 FROM products RETURNING role_id::text AS id`,
    [`matrix-${kind}-${Math.random().toString(36).slice(2, 10)}`],
  );
  return role!.id;
}

/** The matrix's own roles of one kind, as a refused change must leave them. */
const matrixRoles =
  (kind: string) =>
  ({ db }: CellContext) =>
    db.query('SELECT role_id, role_name, description, is_active FROM roles WHERE role_name LIKE $1 ORDER BY role_id', [`matrix-${kind}%`]);

/** The terms of a new plan of the first product, for the plan master's rows. */
async function matrixPlanTerms(db: CellContext['db']) {
  const [product] = await db.query<{ product_id: number }>('SELECT product_id FROM products ORDER BY product_id LIMIT 1');
  return { productId: String(product!.product_id), planGroup: 'STANDARD', cost: 1, currency: 'USD', frequency: 'MONTHLY', capacity: 1 };
}

/** A plan nobody uses, made for one cell: its id. */
async function freshPlan(db: CellContext['db'], name: string): Promise<string> {
  const { productId } = await matrixPlanTerms(db);
  const [plan] = await db.query<{ plan_id: number }>(
    `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
     VALUES ($1, $2, 'STANDARD', 1, 'USD', 'MONTHLY', 1) RETURNING plan_id`,
    [Number(productId), name],
  );
  return String(plan!.plan_id);
}

/** The provider's lists: regions, organisation choices, roles, plans and products. */
export const CATALOGUE: Record<string, Operation> = {
  'Query.regions': {
    call: () => ({ document: '{ regions(page: { limit: 100 }) { totalCount nodes { id code name active organizationCount } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createRegion': {
    call: ({ unique }) => ({
      document: 'mutation ($input: CreateRegionInput!) { createRegion(input: $input) { region { id code } errors { code field } } }',
      variables: { input: { code: `matrix-${unique.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, name: `Matrix ${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT region_id FROM regions WHERE region_code LIKE 'matrix-%' ORDER BY region_id") },
  },
  'Mutation.renameRegion': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($input: RenameRegionInput!) { renameRegion(input: $input) { region { id name } errors { code field } } }',
      variables: { input: { id: await matrixRegion(db, 'renamed'), name: `Renamed ${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db }) => db.query("SELECT region_id, region_name FROM regions WHERE region_code LIKE 'matrix-renamed-%' ORDER BY region_id"),
    },
  },
  'Mutation.setRegionActive': {
    call: async ({ db }) => ({
      document:
        'mutation ($input: SetRegionActiveInput!) { setRegionActive(input: $input) { region { id active } errors { code field } } }',
      variables: { input: { id: await matrixRegion(db, 'retired'), active: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db }) => db.query("SELECT region_id, is_active FROM regions WHERE region_code LIKE 'matrix-retired-%' ORDER BY region_id"),
    },
  },
  'Mutation.deleteRegion': {
    call: async ({ db }) => ({
      document: 'mutation ($id: ID!) { deleteRegion(input: { id: $id }) { deletedId errors { code field } } }',
      variables: { id: await matrixRegion(db, 'deleted') },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT region_id FROM regions WHERE region_code LIKE 'matrix-deleted-%' ORDER BY region_id") },
  },
  'Query.organizationChoices': {
    call: () => ({
      document:
        '{ organizationChoices(list: BUSINESS_VERTICAL, page: { limit: 100 }) { totalCount nodes { id list name active organizationCount } } }',
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.offeredOrganizationChoices': {
    call: () => ({ document: '{ offeredOrganizationChoices { businessVerticals clientTypes } }' }),
    may: EVERYONE_MAY,
  },
  'Query.organizationValuesInUse': {
    call: () => ({ document: '{ organizationValuesInUse { countryCodes currencyCodes businessVerticals clientTypes } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createOrganizationChoice': {
    call: ({ unique }) => ({
      document:
        'mutation ($input: CreateOrganizationChoiceInput!) { createOrganizationChoice(input: $input) { organizationChoice { id name } errors { code field } } }',
      variables: { input: { list: 'CLIENT_TYPE', name: `matrix-created-${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixChoices('created') },
  },
  'Mutation.renameOrganizationChoice': {
    call: async ({ db, unique }) => ({
      document:
        'mutation ($input: RenameOrganizationChoiceInput!) { renameOrganizationChoice(input: $input) { organizationChoice { id name } errors { code field } } }',
      variables: { input: { id: await matrixChoice(db, 'renamed'), name: `matrix-renamed-to-${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixChoices('renamed') },
  },
  'Mutation.setOrganizationChoiceActive': {
    call: async ({ db }) => ({
      document:
        'mutation ($input: SetOrganizationChoiceActiveInput!) { setOrganizationChoiceActive(input: $input) { organizationChoice { id active } errors { code field } } }',
      variables: { input: { id: await matrixChoice(db, 'retired'), active: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixChoices('retired') },
  },
  'Mutation.deleteOrganizationChoice': {
    call: async ({ db }) => ({
      document: 'mutation ($id: ID!) { deleteOrganizationChoice(input: { id: $id }) { deletedId errors { code field } } }',
      variables: { id: await matrixChoice(db, 'deleted') },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixChoices('deleted') },
  },
  'Query.roles': {
    call: () => ({ document: '{ roles(page: { limit: 100 }) { totalCount nodes { id productName name active userCount } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createRole': {
    call: async ({ db, unique }) => {
      const [product] = await db.query<{ id: string }>('SELECT min(product_id)::text AS id FROM products');
      return {
        document: 'mutation ($input: CreateRoleInput!) { createRole(input: $input) { role { id name } errors { code field } } }',
        variables: { input: { productId: product!.id, name: `matrix-created-${unique}` } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixRoles('created') },
  },
  'Mutation.updateRole': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($input: UpdateRoleInput!) { updateRole(input: $input) { role { id name } errors { code field } } }',
      variables: { input: { id: await matrixRole(db, 'updated'), name: `matrix-updated-${unique}-renamed`, description: 'Changed' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixRoles('updated') },
  },
  'Mutation.setRoleActive': {
    call: async ({ db }) => ({
      document: 'mutation ($input: SetRoleActiveInput!) { setRoleActive(input: $input) { role { id active } errors { code field } } }',
      variables: { input: { id: await matrixRole(db, 'retired'), active: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixRoles('retired') },
  },
  'Mutation.deleteRole': {
    call: async ({ db }) => ({
      document: 'mutation ($id: ID!) { deleteRole(input: { id: $id }) { deletedId errors { code field } } }',
      variables: { id: await matrixRole(db, 'deleted') },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixRoles('deleted') },
  },
  'Query.planMaster': {
    call: () => ({ document: '{ planMaster(page: { limit: 100 }) { totalCount nodes { id name retired licenceCount } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createPlan': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($input: CreatePlanInput!) { createPlan(input: $input) { plan { id name } errors { code field } } }',
      variables: { input: { ...(await matrixPlanTerms(db)), name: `Matrix ${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT plan_id FROM plans WHERE plan_name LIKE 'Matrix %' ORDER BY plan_id") },
  },
  'Mutation.updatePlan': {
    call: async ({ db, unique }) => {
      const { productId: _product, ...terms } = await matrixPlanTerms(db);
      return {
        document: 'mutation ($input: UpdatePlanInput!) { updatePlan(input: $input) { plan { id capacity } errors { code field } } }',
        variables: { input: { id: await freshPlan(db, `Edited ${unique}`), ...terms, name: `Edited ${unique}`, capacity: 11 } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT plan_id, capacity FROM plans WHERE plan_name LIKE 'Edited %' ORDER BY plan_id") },
  },
  'Mutation.setPlanRetired': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($id: ID!) { setPlanRetired(input: { id: $id, retired: true }) { plan { id retired } errors { code } } }',
      variables: { id: await freshPlan(db, `Shelved ${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT plan_id, is_active FROM plans WHERE plan_name LIKE 'Shelved %' ORDER BY plan_id") },
  },
  'Mutation.deletePlan': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($id: ID!) { deletePlan(input: { id: $id }) { deletedId errors { code } } }',
      variables: { id: await freshPlan(db, `Doomed ${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT plan_id FROM plans WHERE plan_name LIKE 'Doomed %' ORDER BY plan_id") },
  },
  'Query.productMaster': {
    call: () => ({ document: '{ productMaster(page: { limit: 100 }) { totalCount nodes { id name code domain planCount } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createProduct': {
    call: ({ unique }) => ({
      document: 'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id code } errors { code field } } }',
      variables: {
        input: { name: `Matrix ${unique}`, code: `MATRIX-${unique}`, domain: 'https://matrix.example', includedProducts: [] },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT product_id FROM products WHERE product_code LIKE 'MATRIX-%' ORDER BY product_id") },
  },
  'Mutation.updateProduct': {
    // Yozy Lite under its own name and code, at another address: a refused call must leave its address alone.
    call: async ({ db }) => {
      const [lite] = await db.query<{ id: string }>("SELECT product_id::text AS id FROM products WHERE product_code = 'YOZY-LITE'");
      return {
        document: 'mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { product { id domain } errors { code field } } }',
        variables: {
          input: {
            id: lite!.id,
            name: 'Yozy Lite',
            code: 'YOZY-LITE',
            domain: 'https://lite.yozy.local',
            includedProducts: ['Tasks', 'Chat'],
          },
        },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db }) => db.query("SELECT product_name, domain, included_products FROM products WHERE product_code = 'YOZY-LITE'"),
    },
  },
};
