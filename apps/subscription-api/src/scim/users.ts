import type { Request, Response } from 'express';
import type { AuditAction } from '@yozy/shared/auditLog';
import { emailDomainOf } from '@yozy/shared';
import { isUniqueViolation, type Queryable, type Transaction } from '#db/database';
import { changedFields } from '#domain/audit';
import { auditIn } from '#domain/audited';
import { provisionableDomain } from '#domain/organizationDomains';
import { endPeopleSessions } from '#domain/people';
import { keepAnActiveAdmin } from '#domain/personChanges';
import { enter, enterNew, PERSON_FACTS_SQL, requireMove, stateOf, type PersonFacts } from '#domain/personLifecycle';
import { reserveSeats } from '#domain/seats';
import { baseUrlOf, provisionerOf, provisioningScope, type Provisioner, type ScimServices } from './context';
import { filterSql } from './filter';
import { applyPatch } from './patch';
import {
  answer,
  badRequest,
  notFound,
  objectBody,
  pageOf,
  answerList,
  projectAsAsked,
  queryText,
  requireVersion,
  ScimError,
  versionOf,
} from './protocol';

import {
  MAX_PAGE,
  readUser,
  refuseReadOnly,
  USER_COLUMNS,
  USER_FILTERS,
  userInput,
  userResource,
  VISIBLE,
  type UserInput,
  type UserResource,
  type UserRow,
} from './userResource';

/** Refuses an address of a domain the organisation has not verified (read again when its last reading is old). */
async function requireOwnDomain(services: ScimServices, provisioner: Provisioner, email: string): Promise<void> {
  const domain = emailDomainOf(email);
  if (!(await provisionableDomain(services, provisioner.clientId, domain))) {
    throw badRequest(
      'invalidValue',
      `${domain} is not a verified domain of ${provisioner.companyName}: only addresses of its verified domains can be provisioned`,
    );
  }
}

const EMAIL_TAKEN = 'Someone with this email already has an account';

/** The audit entry of a provisioning change: made by nobody signed in, under the token (audit.ts adds it). */
const audited = (
  tx: Queryable,
  provisioner: Provisioner,
  action: AuditAction,
  userId: number,
  diff: { before?: object | null; after?: object | null },
) =>
  auditIn(tx, provisioningScope(provisioner), {
    action,
    entityType: 'user',
    entityId: userId,
    before: (diff.before ?? null) as Record<string, unknown> | null,
    after: (diff.after ?? null) as Record<string, unknown> | null,
  });

const profileOf = (row: Pick<UserRow, 'email' | 'first_name' | 'last_name' | 'phone' | 'department_name' | 'external_id'>) => ({
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  department: row.department_name,
  externalId: row.external_id,
});

/** Takes a seat on every product the person holds a role for: all or nothing (SEAT_LIMIT). */
async function reserveTheirSeats(tx: Queryable, clientId: number, userId: number): Promise<void> {
  const products = await tx.query<{ product_id: number }>(
    'SELECT DISTINCT product_id FROM user_roles WHERE user_id = $1 ORDER BY product_id',
    [userId],
  );
  for (const { product_id } of products) await reserveSeats(tx, clientId, product_id, 1);
}

/** Deactivates (active: false): the organisation keeps an active admin, and the person's sessions end at once. */
async function deactivate(tx: Queryable, provisioner: Provisioner, row: UserRow, move: 'provisionDeactivate' | 'provisionDelete') {
  if (stateOf(row) !== 'DISABLED' && row.type_of_user === 'OrgAdmin') await keepAnActiveAdmin(tx, provisioner.clientId, [row.user_id]);
  await enter(tx, move, [row]);
  const ended = await endPeopleSessions(tx, [row.user_id], 'deactivated');
  return ended.get(row.user_id) ?? 0;
}

/** Applies a resource as written (a replace, or a resource after a patch) to the person, audited. */
async function applyUser(tx: Transaction, services: ScimServices, provisioner: Provisioner, row: UserRow, input: UserInput) {
  requireMove('provisionUpdate', row);
  if (input.email.toLowerCase() !== row.email.toLowerCase()) {
    const [taken] = await tx.query('SELECT 1 FROM client_users WHERE lower(email) = lower($1) AND user_id <> $2', [
      input.email,
      row.user_id,
    ]);
    if (taken) throw new ScimError(409, EMAIL_TAKEN, 'uniqueness');
  }
  const before = profileOf(row);
  const after = { ...input };
  delete after.active;
  const diff = changedFields(before, after);
  if (Object.keys(diff.after).length) {
    await tx.query(
      `UPDATE client_users SET email = $2, first_name = $3, last_name = $4, phone = $5, department_name = $6, external_id = $7, updated_at = now()
        WHERE user_id = $1`,
      [row.user_id, input.email, input.firstName, input.lastName, input.phone, input.department, input.externalId],
    );
    await audited(tx, provisioner, 'user.scim_update', row.user_id, diff);
  }
  const state = stateOf(row);
  if (input.active === false && state !== 'DISABLED') {
    const sessionsEnded = await deactivate(tx, provisioner, row, 'provisionDeactivate');
    await audited(tx, provisioner, 'user.scim_deactivate', row.user_id, {
      before: { isActive: true },
      after: { isActive: false, sessionsEnded },
    });
  } else if (input.active === true && state === 'DISABLED') {
    // The identity provider's explicit active: true, and nothing else, brings a deactivated person back.
    await reserveTheirSeats(tx, provisioner.clientId, row.user_id);
    await enter(tx, 'provisionActivate', [row]);
    await audited(tx, provisioner, 'user.scim_activate', row.user_id, { before: { isActive: false }, after: { isActive: true } });
  }
}

/** Runs a change; a clash of the email's unique index (two creates at once) is SCIM's uniqueness. */
async function settled<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'client_users_email_key')) throw new ScimError(409, EMAIL_TAKEN, 'uniqueness');
    throw error;
  }
}

export async function listUsers(req: Request, res: Response, { db }: ScimServices): Promise<void> {
  const provisioner = provisionerOf(res);
  const query = req.query as Record<string, unknown>;
  const params: unknown[] = [provisioner.clientId];
  const filter = queryText(query, 'filter');
  const condition = filter ? filterSql(filter, USER_FILTERS, params) : 'true';
  const { offset, limit } = pageOf(query, MAX_PAGE);
  const [counted] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM client_users u WHERE ${VISIBLE} AND ${condition}`,
    params,
  );
  const rows =
    limit === 0
      ? []
      : await db.query<UserRow>(
          `SELECT ${USER_COLUMNS} FROM client_users u WHERE ${VISIBLE} AND ${condition}
            ORDER BY u.user_id LIMIT ${limit} OFFSET ${offset}`,
          params,
        );
  const baseUrl = baseUrlOf(res);
  answerList(
    res,
    rows.map((row) => projectAsAsked(userResource(row, baseUrl), query)),
    counted!.total,
    offset + 1,
  );
}

export async function getUser(req: Request, res: Response, { db }: ScimServices): Promise<void> {
  const row = await readUser(db, provisionerOf(res).clientId, String(req.params.id));
  if (!row) throw notFound('User');
  const resource = userResource(row, baseUrlOf(res));
  if (req.get('if-none-match') === resource.meta.version) {
    res.status(304).setHeader('ETag', resource.meta.version);
    res.end();
    return;
  }
  const query = req.query as Record<string, unknown>;
  answer(res, 200, projectAsAsked(resource, query));
}

/**
 * POST /Users: a new person of a verified domain, active at once on the default product role (a
 * seat, or SEAT_LIMIT and nothing made); the same userName again is `uniqueness`, unless provisioning
 * removed that person, who then comes back (the identity provider made them again).
 */
export async function createUser(req: Request, res: Response, services: ScimServices): Promise<void> {
  const provisioner = provisionerOf(res);
  const body = objectBody(req.body);
  refuseReadOnly(body, null);
  const input = userInput(body);
  await requireOwnDomain(services, provisioner, input.email);
  const userId = await settled(() =>
    services.db.transaction(async (tx) => {
      const [existing] = await tx.query<UserRow & { client_id: number }>(
        `SELECT u.client_id, ${USER_COLUMNS} FROM client_users u WHERE lower(u.email) = lower($1) FOR UPDATE OF u`,
        [input.email],
      );
      if (existing) {
        if (existing.client_id !== provisioner.clientId || existing.type_of_user === 'SuperAdmin')
          throw new ScimError(409, EMAIL_TAKEN, 'uniqueness');
        if (stateOf(existing) !== 'DELETED') {
          throw new ScimError(409, `A person with userName ${existing.email} exists already (id ${existing.uuid})`, 'uniqueness');
        }
        return restoreUser(tx, services, provisioner, existing, input);
      }
      if (input.active !== false) await reserveSeats(tx, provisioner.clientId, provisioner.productId, 1);
      const [created] = await tx.query<{ user_id: number }>(
        `INSERT INTO client_users (client_id, first_name, last_name, email, phone, department_name, external_id, type_of_user)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'User') RETURNING user_id`,
        [provisioner.clientId, input.firstName, input.lastName, input.email, input.phone, input.department, input.externalId],
      );
      const id = created!.user_id;
      await tx.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
        id,
        provisioner.roleId,
        provisioner.productId,
      ]);
      // Active at once: the identity provider vouches for them; they sign in with single sign-on, no password mail.
      await enterNew(tx, 'provision', id);
      if (input.active === false) {
        const [facts] = await tx.query<PersonFacts & { user_id: number }>(
          `SELECT u.user_id, ${PERSON_FACTS_SQL} FROM client_users u WHERE u.user_id = $1`,
          [id],
        );
        await enter(tx, 'provisionDeactivate', [facts!]);
      }
      const { active: _active, ...profile } = input;
      await audited(tx, provisioner, 'user.scim_create', id, {
        after: { ...profile, roleId: provisioner.roleId, isActive: input.active !== false },
      });
      return id;
    }),
  );
  const [row] = await services.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM client_users u WHERE u.user_id = $1`, [userId]);
  const resource = userResource(row!, baseUrlOf(res));
  res.setHeader('Location', resource.meta.location);
  answer(res, 201, resource);
}

/** A person provisioning removed, made again by the identity provider: back, on their roles (or the default one). */
async function restoreUser(
  tx: Transaction,
  services: ScimServices,
  provisioner: Provisioner,
  row: UserRow,
  input: UserInput,
): Promise<number> {
  const [roles] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM user_roles WHERE user_id = $1', [row.user_id]);
  if (!roles?.count) {
    await tx.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
      row.user_id,
      provisioner.roleId,
      provisioner.productId,
    ]);
  }
  if (input.active !== false) await reserveTheirSeats(tx, provisioner.clientId, row.user_id);
  await enter(tx, 'provisionRestore', [row]);
  await audited(tx, provisioner, 'user.scim_restore', row.user_id, { before: { removed: true }, after: { removed: false } });
  const [restored] = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM client_users u WHERE u.user_id = $1 FOR UPDATE OF u`, [
    row.user_id,
  ]);
  await applyUser(tx, services, provisioner, restored!, { ...input, active: input.active ?? true });
  return row.user_id;
}

/** PUT /Users/{id}: the person as the body says; `active` left out stays as it is. */
export async function replaceUser(req: Request, res: Response, services: ScimServices): Promise<void> {
  const body = objectBody(req.body);
  await changeUser(req, res, services, (current) => {
    refuseReadOnly(body, current);
    return userInput(body);
  });
}

/** PATCH /Users/{id}: RFC 7644 section 3.5.2 operations, applied by `scim-patch` to the resource as it is. */
export async function patchUser(req: Request, res: Response, services: ScimServices): Promise<void> {
  const body = objectBody(req.body);
  await changeUser(req, res, services, (current) => {
    const patched = applyPatch(current, body) as Record<string, unknown>;
    refuseReadOnly(patched, current);
    return userInput(patched, current);
  });
}

async function changeUser(
  req: Request,
  res: Response,
  services: ScimServices,
  inputOf: (current: UserResource) => UserInput,
): Promise<void> {
  const provisioner = provisionerOf(res);
  const baseUrl = baseUrlOf(res);
  const id = String(req.params.id);
  // Read first, outside the transaction, to check the domain of a new address before any lock.
  const first = await readUser(services.db, provisioner.clientId, id);
  if (!first) throw notFound('User');
  const firstInput = inputOf(userResource(first, baseUrl));
  if (firstInput.email.toLowerCase() !== first.email.toLowerCase()) await requireOwnDomain(services, provisioner, firstInput.email);
  await settled(() =>
    services.db.transaction(async (tx) => {
      const row = await readUser(tx, provisioner.clientId, id, true);
      if (!row) throw notFound('User');
      const current = userResource(row, baseUrl);
      requireVersion(req.get('if-match'), current.meta.version);
      const input = inputOf(current);
      if (input.email.toLowerCase() !== firstInput.email.toLowerCase()) {
        throw new ScimError(409, 'The person changed while the request was read: send it again');
      }
      await applyUser(tx, services, provisioner, row, input);
    }),
  );
  const row = await readUser(services.db, provisioner.clientId, id);
  answer(res, 200, userResource(row!, baseUrl));
}

/** DELETE /Users/{id}: deactivated, seat freed, sessions ended, gone from provisioning; the history stays. */
export async function deleteUser(req: Request, res: Response, { db }: ScimServices): Promise<void> {
  const provisioner = provisionerOf(res);
  await db.transaction(async (tx) => {
    const row = await readUser(tx, provisioner.clientId, String(req.params.id), true);
    if (!row) throw notFound('User');
    requireVersion(req.get('if-match'), versionOf(row.updated_at));
    const sessionsEnded = await deactivate(tx, provisioner, row, 'provisionDelete');
    await audited(tx, provisioner, 'user.scim_delete', row.user_id, {
      before: { email: row.email, isActive: stateOf(row) !== 'DISABLED' },
      after: { removed: true, isActive: false, sessionsEnded },
    });
  });
  res.status(204).end();
}
