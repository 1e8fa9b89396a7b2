import { isEmailAddress } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { PERSON_FACTS_SQL, stateOf, type PersonFacts } from '#domain/personLifecycle';
import type { FilterAttribute } from './filter';
import { badRequest, booleanOf, refuseNul, SCHEMA, versionOf } from './protocol';

// A person as the SCIM Users resource reads and writes them (RFC 7643 section 4.1); the handlers are in users.ts.

/** A person as the SCIM Users resource reads it. */
export type UserRow = PersonFacts & {
  user_id: number;
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  department_name: string | null;
  external_id: string | null;
  type_of_user: string;
  created_at: Date;
  updated_at: Date;
  groups: { value: string; display: string }[];
};

export const USER_COLUMNS = `u.user_id, u.uuid::text AS uuid, u.email, u.first_name, u.last_name, u.phone, u.department_name, u.external_id,
  u.type_of_user, u.created_at, u.updated_at, ${PERSON_FACTS_SQL},
  coalesce((SELECT json_agg(json_build_object('value', g.group_id::text, 'display', g.name) ORDER BY g.group_id)
              FROM group_members gm JOIN groups g ON g.group_id = gm.group_id WHERE gm.user_id = u.user_id), '[]') AS groups`;

/**
 * The people provisioning sees: the organisation's own, never one removed by provisioning (they are
 * gone from SCIM, their history kept) and never one of the provider's administrators.
 */
export const VISIBLE = `u.client_id = $1 AND u.deleted_at IS NULL AND u.type_of_user <> 'SuperAdmin'`;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a filter may name, as SQL over `u` (RFC 7644 section 3.4.2.2). */
export const USER_FILTERS: Record<string, FilterAttribute> = {
  id: { kind: 'exact', sql: 'u.uuid::text' },
  userName: { kind: 'text', sql: 'u.email' },
  emails: { kind: 'text', sql: 'u.email' },
  'emails.value': { kind: 'text', sql: 'u.email' },
  'emails.type': { kind: 'constant', value: 'work' },
  'emails.primary': { kind: 'constant', value: true },
  externalId: { kind: 'exact', sql: 'u.external_id' },
  displayName: { kind: 'text', sql: `(u.first_name || ' ' || u.last_name)` },
  'name.givenName': { kind: 'text', sql: 'u.first_name' },
  'name.familyName': { kind: 'text', sql: 'u.last_name' },
  active: { kind: 'boolean', sql: 'u.is_active' },
  'meta.lastModified': { kind: 'time', sql: 'u.updated_at' },
  'meta.created': { kind: 'time', sql: 'u.created_at' },
  [`${SCHEMA.enterpriseUser}:department`]: { kind: 'text', sql: 'u.department_name' },
};

/** The most resources one page of a list holds. */
export const MAX_PAGE = 200;

export function userResource(row: UserRow, baseUrl: string) {
  const displayName = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    schemas: [SCHEMA.user, SCHEMA.enterpriseUser],
    id: row.uuid,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    userName: row.email,
    name: { givenName: row.first_name, familyName: row.last_name, formatted: displayName },
    displayName,
    emails: [{ value: row.email, type: 'work', primary: true }],
    phoneNumbers: row.phone ? [{ value: row.phone, type: 'work' }] : [],
    active: stateOf(row) !== 'DISABLED',
    groups: row.groups.map((group) => ({ ...group, $ref: `${baseUrl}/Groups/${group.value}` })),
    [SCHEMA.enterpriseUser]: { department: row.department_name ?? '' },
    meta: {
      resourceType: 'User',
      created: new Date(row.created_at).toISOString(),
      lastModified: new Date(row.updated_at).toISOString(),
      location: `${baseUrl}/Users/${row.uuid}`,
      version: versionOf(row.updated_at),
    },
  };
}

export type UserResource = ReturnType<typeof userResource>;

/** What provisioning may write of a person. */
export type UserInput = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  department: string | null;
  externalId: string | null;
  /** Left out: unchanged (a new person is active). */
  active?: boolean;
};

const text = (value: unknown, name: string, max: number): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest('invalidValue', `${name} must be text`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw badRequest('invalidValue', `${name} may be at most ${max} characters long`);
  return trimmed || null;
};

const objectOf = (value: unknown, name: string): Record<string, unknown> => {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('invalidValue', `${name} must be an object`);
  return value as Record<string, unknown>;
};

/** The value of a multi-valued attribute that counts: the primary, else the work one, else the first. */
function chosenValue(list: unknown, name: string): unknown {
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw badRequest('invalidValue', `${name} must be a list`);
  const items = list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
  const chosen =
    items.find((item) => item.primary === true || (typeof item.primary === 'string' && item.primary.toLowerCase() === 'true')) ??
    items.find((item) => typeof item.type === 'string' && item.type.toLowerCase() === 'work') ??
    items[0];
  return chosen?.value;
}

/** A key of the resource whatever its case ("UserName" is userName: attribute names are case-insensitive). */
function attribute(resource: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(resource).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : resource[key];
}

/**
 * Reads a User resource (a POST or PUT body, or a resource after a patch) into what may be
 * written. `before`, for a patch, is the resource before it: an email the patch wrote into
 * `emails` becomes the userName, since the two are one address here.
 */
export function userInput(resource: Record<string, unknown>, before?: UserResource): UserInput {
  refuseNul(resource);
  let userName = text(attribute(resource, 'userName'), 'userName', 254);
  const workEmail = text(chosenValue(attribute(resource, 'emails'), 'emails'), 'emails.value', 254);
  if (
    before &&
    workEmail &&
    userName?.toLowerCase() === before.userName.toLowerCase() &&
    workEmail.toLowerCase() !== userName.toLowerCase()
  ) {
    userName = workEmail;
  }
  if (!userName) throw badRequest('invalidValue', 'userName is required: the person’s email address');
  if (!isEmailAddress(userName)) throw badRequest('invalidValue', `userName ${userName} is not an email address`);
  const name = objectOf(attribute(resource, 'name'), 'name');
  const displayName = text(attribute(resource, 'displayName'), 'displayName', 201);
  const [firstOfDisplay = '', ...restOfDisplay] = (displayName ?? '').split(/\s+/).filter(Boolean);
  const firstName =
    text(attribute(name, 'givenName'), 'name.givenName', 100) ?? (firstOfDisplay || userName.slice(0, userName.indexOf('@')));
  const lastName = text(attribute(name, 'familyName'), 'name.familyName', 100) ?? (restOfDisplay.join(' ') || '');
  const enterprise = objectOf(attribute(resource, SCHEMA.enterpriseUser), SCHEMA.enterpriseUser);
  const active = attribute(resource, 'active');
  const externalId = attribute(resource, 'externalId');
  return {
    email: userName,
    firstName: firstName.slice(0, 100),
    lastName: lastName.slice(0, 100),
    phone: text(chosenValue(attribute(resource, 'phoneNumbers'), 'phoneNumbers'), 'phoneNumbers.value', 50),
    department: text(attribute(enterprise, 'department'), 'department', 100),
    externalId: text(externalId, 'externalId', 255),
    ...(active === undefined || active === null ? {} : { active: booleanOf(active, 'active') }),
  };
}

/** Attributes the service sets: a request may repeat them, never change them (`mutability`). */
export function refuseReadOnly(resource: Record<string, unknown>, current: UserResource | null): void {
  const id = attribute(resource, 'id');
  if (id !== undefined && (current === null || id !== current.id))
    throw badRequest('mutability', 'id is set by the service and cannot be changed');
  const groups = attribute(resource, 'groups');
  if (groups !== undefined && current !== null && JSON.stringify(groups) !== JSON.stringify(current.groups)) {
    throw badRequest('mutability', 'groups is read-only: change a group’s members instead');
  }
  if (groups !== undefined && current === null && Array.isArray(groups) && groups.length > 0) {
    throw badRequest('mutability', 'groups is read-only: change a group’s members instead');
  }
}

export async function readUser(db: Queryable, clientId: number, id: string, lock = false): Promise<UserRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM client_users u WHERE ${VISIBLE} AND u.uuid = $2::uuid${lock ? ' FOR UPDATE OF u' : ''}`,
    [clientId, id],
  );
  return row ?? null;
}
