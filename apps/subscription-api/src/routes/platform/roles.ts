import { Router } from 'express';
import { z } from 'zod';
import { ROLE_REST_FIELDS, roleChangesInput, roleInput, restSchema } from '@yozy/shared';
import type { Database, Queryable } from '../../db/database';
import { audit, changedFields } from '../../domain/audit';
import { requireSuperAdmin, viewerOf } from '../../http/auth';
import { HttpError, parseBody, settleDuplicates } from '../../http/errors';
import { clientOf } from '../../http/gateway';
import { listResource, recordById, recordIdOf, recordQuery, type ResourceDefinition, recordOf } from '../../http/resource';

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
export const roleBody = restSchema(roleInput, ROLE_REST_FIELDS);
/** A role's new name or description, or whether it is offered (IsActive: false retires it); its product never changes. */
export const roleChangesBody = restSchema(roleChangesInput, ROLE_REST_FIELDS)
  .partial()
  .extend({ IsActive: z.boolean({ error: 'IsActive is true or false' }).optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send the new RoleName, Description or IsActive');
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

/** Two requests racing past the check: the unique index settles it. */
const DUPLICATES = {
  roles_product_name_key: [DUPLICATE_NAME, 'RoleName'],
  roles_role_name_product_id_key: [DUPLICATE_NAME, 'RoleName'],
} as const;

const roleById = (db: Queryable, roleId: number, lock = false) =>
  recordById<RoleRow>(db, roles, 'r.role_id', roleId, lock ? 'r' : undefined);

/** What the audit log keeps of a role. */
const described = ({ ProductId, RoleName, Description, IsActive }: RoleRow) => ({ ProductId, RoleName, Description, IsActive });

async function refuseTaken(db: Queryable, productId: number, name: string, exceptRoleId: number | null) {
  const [taken] = await db.query(
    'SELECT 1 FROM roles WHERE product_id = $1 AND lower(role_name) = lower($2) AND role_id IS DISTINCT FROM $3',
    [productId, name, exceptRoleId],
  );
  if (taken) throw new HttpError('CONFLICT', DUPLICATE_NAME, 'RoleName');
}

export const roleRecord = recordOf(roleFields, ['Description']);

/** The role master for the provider's SuperAdmins: list, add, rename, retire or offer again, and delete roles nobody holds. */
export function platformRoleRoutes(db: Database): Router {
  const router = Router();

  router.get(ROLES_PATH, requireSuperAdmin, async (req, res) => {
    res.json(await listResource(db, roles, req, res, viewerOf(res)));
  });

  router.post(ROLES_PATH, requireSuperAdmin, async (req, res) => {
    const role = parseBody(roleBody, req.body);
    const viewer = viewerOf(res);
    const created = await settleDuplicates(
      () =>
        db.transaction(async (tx) => {
          const [product] = await tx.query('SELECT 1 FROM products WHERE product_id = $1', [role.ProductId]);
          if (!product) throw new HttpError('BAD_REQUEST', 'Choose a product of the product master', 'ProductId');
          await refuseTaken(tx, role.ProductId, role.RoleName, null);
          const [row] = await tx.query<{ role_id: number }>(
            'INSERT INTO roles (product_id, role_name, description) VALUES ($1, $2, $3) RETURNING role_id',
            [role.ProductId, role.RoleName, role.Description],
          );
          const saved = (await roleById(tx, row!.role_id))!;
          await audit(tx, {
            clientId: null,
            actorUserId: viewer.userId,
            action: 'role.create',
            entityType: 'role',
            entityId: saved.RoleId,
            after: described(saved),
            ip: clientOf(req, res).ip,
          });
          return saved;
        }),
      DUPLICATES,
    );
    res.status(201).json(created);
  });

  router.patch(ROLES_PATH, requireSuperAdmin, async (req, res) => {
    const roleId = recordIdOf(roleQuery, 'RoleId', req);
    const changes = parseBody(roleChangesBody, req.body);
    const viewer = viewerOf(res);
    const saved = await settleDuplicates(
      () =>
        db.transaction(async (tx) => {
          const before = await roleById(tx, roleId, true);
          if (!before) throw new HttpError('NOT_FOUND', 'There is no such role', 'RoleId');
          if (changes.RoleName !== undefined) await refuseTaken(tx, before.ProductId, changes.RoleName, roleId);
          await tx.query(
            `UPDATE roles SET role_name = coalesce($2, role_name),
                            description = CASE WHEN $3::boolean THEN $4 ELSE description END,
                            is_active = coalesce($5, is_active)
            WHERE role_id = $1`,
            [roleId, changes.RoleName ?? null, changes.Description !== undefined, changes.Description ?? null, changes.IsActive ?? null],
          );
          const after = (await roleById(tx, roleId))!;
          const diff = changedFields(described(before), described(after));
          if (Object.keys(diff.after).length) {
            await audit(tx, {
              clientId: null,
              actorUserId: viewer.userId,
              action: 'IsActive' in diff.after ? (after.IsActive ? 'role.reactivate' : 'role.retire') : 'role.update',
              entityType: 'role',
              entityId: roleId,
              ...diff,
              ip: clientOf(req, res).ip,
            });
          }
          return after;
        }),
      DUPLICATES,
    );
    res.json(saved);
  });

  router.delete(ROLES_PATH, requireSuperAdmin, async (req, res) => {
    const roleId = recordIdOf(roleQuery, 'RoleId', req);
    const viewer = viewerOf(res);
    await db.transaction(async (tx) => {
      const before = await roleById(tx, roleId, true);
      if (!before) throw new HttpError('NOT_FOUND', 'There is no such role', 'RoleId');
      // Locked above, so nobody is given the role between this count and the deletion.
      if (before.UserCount > 0) {
        const people = before.UserCount === 1 ? '1 person holds' : `${before.UserCount} people hold`;
        throw new HttpError('CONFLICT', `${people} the role ${before.RoleName}; retire it instead`, 'RoleId');
      }
      await tx.query('DELETE FROM roles WHERE role_id = $1', [roleId]);
      await audit(tx, {
        clientId: null,
        actorUserId: viewer.userId,
        action: 'role.delete',
        entityType: 'role',
        entityId: roleId,
        before: described(before),
        ip: clientOf(req, res).ip,
      });
    });
    res.status(204).end();
  });

  return router;
}
