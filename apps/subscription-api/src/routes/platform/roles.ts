import { z } from 'zod';
import { ROLE_REST_FIELDS, roleChangesInput, roleInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { recordById, recordQuery, type ResourceDefinition, recordOf } from '#http/resource';
import { listRoute, route } from '#http/route';
import { changeRecord, createRecord, deleteRecord, retiringOr, type Master } from '#domain/masters';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const ROLES_PATH = '/platform/roles';

/** The roles of every product, retired ones too, with how many people hold each. */
export const roleFields = {
  RoleId: { sql: 'r.role_id', type: 'int' },
  ProductId: { sql: 'r.product_id', type: 'int' },
  ProductName: { sql: 'p.product_name', type: 'text', searchable: true },
  RoleName: { sql: 'r.role_name', type: 'text', searchable: true, sort: { index: 'roles_name_sort_idx', by: 'lower(r.role_name)' } },
  Description: { sql: 'r.description', type: 'text', searchable: true },
  IsActive: { sql: 'r.is_active', type: 'bool' },
  UserCount: { sql: '(SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = r.role_id)', type: 'int' },
} satisfies ResourceDefinition['fields'];

export const roles: ResourceDefinition = {
  from: 'roles r JOIN products p ON p.product_id = r.product_id',
  fields: roleFields,
  tieBreaker: 'r.role_id',
};

/** A new role in the REST names, with the rules the console's form checks. */
export const roleBody = requestSchema('RoleForm', restSchema(roleInput, ROLE_REST_FIELDS));
/** A role's new name or description, or whether it is offered (IsActive: false retires it); its product never changes. */
export const roleChangesBody = requestSchema(
  'RoleChanges',
  restSchema(roleChangesInput, ROLE_REST_FIELDS)
    .partial()
    .extend({ IsActive: z.boolean({ error: 'IsActive is true or false' }).optional() })
    .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send the new RoleName, Description or IsActive'),
);
export const roleQuery = recordQuery('RoleId');

type RoleRow = {
  RoleId: number;
  ProductId: number;
  ProductName: string;
  RoleName: string;
  Description: string | null;
  IsActive: boolean;
  UserCount: number;
};

const DUPLICATE_NAME = 'The product has a role of this name already';

const role: Master<RoleRow, 'role'> = {
  entity: 'role',
  table: 'roles',
  key: 'role_id',
  query: roleQuery,
  idField: 'RoleId',
  read: (db, roleId, lock) => recordById(db, roles, 'r.role_id', roleId, lock ? 'r' : undefined),
  described: ({ ProductId, RoleName, Description, IsActive }) => ({ ProductId, RoleName, Description, IsActive }),
  duplicates: {
    roles_product_name_key: [DUPLICATE_NAME, 'RoleName'],
    roles_role_name_product_id_key: [DUPLICATE_NAME, 'RoleName'],
  },
};

async function refuseTaken(db: Queryable, productId: number, name: string, exceptRoleId: number | null) {
  const [taken] = await db.query(
    'SELECT 1 FROM roles WHERE product_id = $1 AND lower(role_name) = lower($2) AND role_id IS DISTINCT FROM $3',
    [productId, name, exceptRoleId],
  );
  if (taken) throw new HttpError('CONFLICT', DUPLICATE_NAME, 'RoleName');
}

export const roleRecord = answerSchema('Role', recordOf(roleFields, ['Description']));

/** The role master for the provider's SuperAdmins: list, add, rename, retire or offer again, and delete roles nobody holds. */
export const platformRoleRoutes = [
  listRoute({
    path: ROLES_PATH,
    access: 'superAdmin',
    operationId: 'listRoles',
    tag: 'Platform',
    summary: 'The role master: every product’s roles, retired ones too, with how many people hold each',
    resource: roles,
    rows: 'Roles',
    record: roleRecord,
  }),

  route(
    {
      method: 'post',
      path: ROLES_PATH,
      access: 'superAdmin',
      operationId: 'createRole',
      idempotent: true,
      tag: 'Platform',
      summary: 'Add a role to a product; organizations can give it to their people at once',
      body: roleBody,
      responses: {
        201: { description: 'The new role', body: roleRecord },
        400: refused('BAD_REQUEST naming the field: missing, too long, or a product not in the product master'),
        409: refused('CONFLICT (field RoleName): the product has a role of this name'),
      },
    },
    createRecord(role, roleBody, async (tx, body) => {
      const [product] = await tx.query('SELECT 1 FROM products WHERE product_id = $1', [body.ProductId]);
      if (!product) throw new HttpError('BAD_REQUEST', 'Choose a product of the product master', 'ProductId');
      await refuseTaken(tx, body.ProductId, body.RoleName, null);
      const [row] = await tx.query<{ role_id: number }>(
        'INSERT INTO roles (product_id, role_name, description) VALUES ($1, $2, $3) RETURNING role_id',
        [body.ProductId, body.RoleName, body.Description],
      );
      return row!.role_id;
    }),
  ),

  route(
    {
      method: 'patch',
      path: ROLES_PATH,
      access: 'superAdmin',
      operationId: 'updateRole',
      tag: 'Platform',
      summary:
        'Rename or describe a role, or retire it (IsActive: false) so it is offered no more, or offer it again; its product never changes',
      query: roleQuery,
      body: roleChangesBody,
      responses: {
        200: { description: 'The role as changed', body: roleRecord },
        400: refused('BAD_REQUEST naming the field, or no field to change'),
        404: refused('NOT_FOUND: no such role'),
        409: refused('CONFLICT (field RoleName): the product has a role of this name'),
      },
    },
    changeRecord(role, roleChangesBody, retiringOr('update'), async (tx, roleId, changes, before) => {
      if (changes.RoleName !== undefined) await refuseTaken(tx, before.ProductId, changes.RoleName, roleId);
      await tx.query(
        `UPDATE roles SET role_name = coalesce($2, role_name),
                          description = CASE WHEN $3::boolean THEN $4 ELSE description END,
                          is_active = coalesce($5, is_active)
          WHERE role_id = $1`,
        [roleId, changes.RoleName ?? null, changes.Description !== undefined, changes.Description ?? null, changes.IsActive ?? null],
      );
    }),
  ),

  route(
    {
      method: 'delete',
      path: ROLES_PATH,
      access: 'superAdmin',
      operationId: 'deleteRole',
      tag: 'Platform',
      summary: 'Delete a role nobody holds',
      query: roleQuery,
      responses: {
        204: { description: 'Deleted' },
        400: refused('BAD_REQUEST: the role is not named as RoleId=eq.<id>'),
        404: refused('NOT_FOUND: no such role'),
        409: refused('CONFLICT (field RoleId): people hold the role; retire it instead'),
      },
    },
    deleteRecord(role, (_tx, { UserCount, RoleName }) => {
      if (UserCount === 0) return null;
      const people = UserCount === 1 ? '1 person holds' : `${UserCount} people hold`;
      return `${people} the role ${RoleName}; retire it instead`;
    }),
  ),
];
