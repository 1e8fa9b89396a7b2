import { auditReference, auditReferences, isAuditRecordKind, type AuditRecordKind } from '@yozy/shared/auditLog';
import type { Queryable } from '../db/database';
import type { Viewer } from '../http/auth';

/** What naming an entry reads of it: its record and the fields before and after (JSON text). */
export type NamedEntry = { EntityType?: unknown; EntityId?: unknown; Before?: unknown; After?: unknown };

/**
 * How each kind of record is named, given the SQL of the ids asked for and of the viewer's
 * organisation (null for a SuperAdmin, who reads every organisation's log). An organisation's
 * records are named only inside it; the provider's masters (products, plans, roles, regions,
 * choices) for everyone; mail and API keys only for the provider. A person of another organisation
 * is named only when they are one of the provider's administrators (who change organisations'
 * records and show in their logs as the actor anyway).
 */
type Naming = (ids: string, organization: string) => string;
const personName = (u: string) => `COALESCE(NULLIF(btrim(concat_ws(' ', ${u}.first_name, ${u}.last_name)), ''), ${u}.email)`;
const NAMES: Record<AuditRecordKind, Naming> = {
  user: (ids, org) => `SELECT u.user_id AS id, ${personName('u')} AS name FROM client_users u
                        WHERE u.user_id = ANY(${ids}) AND (${org} IS NULL OR u.client_id = ${org} OR u.type_of_user = 'SuperAdmin')`,
  session: (ids, org) => `SELECT s.session_id AS id, ${personName('u')} AS name FROM sessions s JOIN client_users u ON u.user_id = s.user_id
                           WHERE s.session_id = ANY(${ids}) AND (${org} IS NULL OR s.client_id = ${org})`,
  group: (ids, org) => `SELECT group_id AS id, name FROM groups WHERE group_id = ANY(${ids}) AND (${org} IS NULL OR client_id = ${org})`,
  project: (ids, org) =>
    `SELECT project_id AS id, name FROM projects WHERE project_id = ANY(${ids}) AND (${org} IS NULL OR client_id = ${org})`,
  allocation: (ids, org) => `SELECT a.allocation_id AS id, ${personName('u')} || ' on ' || p.name AS name
                               FROM project_allocations a JOIN projects p ON p.project_id = a.project_id JOIN client_users u ON u.user_id = a.user_id
                              WHERE a.allocation_id = ANY(${ids}) AND (${org} IS NULL OR p.client_id = ${org})`,
  licence: (ids, org) => `SELECT l.licence_id AS id, pr.product_name || ' (' || pl.plan_name || ')' AS name
                            FROM licences l JOIN products pr ON pr.product_id = l.product_id JOIN plans pl ON pl.plan_id = l.plan_id
                           WHERE l.licence_id = ANY(${ids}) AND (${org} IS NULL OR l.client_id = ${org})`,
  organization: (ids, org) =>
    `SELECT client_id AS id, company_name AS name FROM clients WHERE client_id = ANY(${ids}) AND (${org} IS NULL OR client_id = ${org})`,
  enquiry: (ids, org) =>
    `SELECT enquiry_id AS id, company_name AS name FROM enquiries WHERE enquiry_id = ANY(${ids}) AND (${org} IS NULL OR client_id = ${org})`,
  api_key: (ids, org) => `SELECT key_id AS id, name FROM api_keys WHERE key_id = ANY(${ids}) AND ${org} IS NULL`,
  mail: (ids, org) =>
    `SELECT mail_id AS id, subject || ' to ' || to_address AS name FROM mail_outbox WHERE mail_id = ANY(${ids}) AND ${org} IS NULL`,
  product: (ids) => `SELECT product_id AS id, product_name AS name FROM products WHERE product_id = ANY(${ids})`,
  plan: (ids) => `SELECT pl.plan_id AS id, pl.plan_name || ' (' || pr.product_name || ')' AS name
                    FROM plans pl JOIN products pr ON pr.product_id = pl.product_id WHERE pl.plan_id = ANY(${ids})`,
  role: (ids) => `SELECT r.role_id AS id, r.role_name || COALESCE(' (' || pr.product_name || ')', '') AS name
                    FROM roles r LEFT JOIN products pr ON pr.product_id = r.product_id WHERE r.role_id = ANY(${ids})`,
  region: (ids) => `SELECT region_id AS id, region_name AS name FROM regions WHERE region_id = ANY(${ids})`,
  organizationChoice: (ids) => `SELECT choice_id AS id, choice_name AS name FROM organization_choices WHERE choice_id = ANY(${ids})`,
  webhook_endpoint: (ids, org) =>
    `SELECT endpoint_id AS id, url AS name FROM webhook_endpoints WHERE endpoint_id = ANY(${ids}) AND (${org} IS NULL OR client_id = ${org})`,
};

// Ids of records are whole numbers of the int range; anything else names nothing.
const MAX_ID = 2 ** 31 - 1;

function fieldsOf(json: unknown): unknown {
  if (typeof json !== 'string') return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** The records an entry names: its own (`user:81`) and every one its before and after name by id. */
export function referencesOf(entry: NamedEntry): string[] {
  const own =
    typeof entry.EntityType === 'string' && isAuditRecordKind(entry.EntityType) && typeof entry.EntityId === 'string'
      ? [auditReference(entry.EntityType, entry.EntityId)]
      : [];
  return [...new Set([...own, ...auditReferences(fieldsOf(entry.Before)), ...auditReferences(fieldsOf(entry.After))])];
}

/**
 * The names of the records the entries of one page name, as `<kind>:<id>` → name, read in one
 * statement (one branch per kind present, each by its primary key): only the rows shown are named,
 * however long the log. A record gone since, or outside the viewer's reach, has no name here.
 */
export async function namesOfReferences(db: Queryable, references: Iterable<string>, viewer: Viewer): Promise<Map<string, string>> {
  const ids = new Map<AuditRecordKind, number[]>();
  for (const reference of references) {
    const [kind = '', id = ''] = reference.split(':');
    const number = Number(id);
    if (!isAuditRecordKind(kind) || !/^\d{1,10}$/.test(id) || number > MAX_ID) continue;
    ids.set(kind, [...(ids.get(kind) ?? []), number]);
  }
  if (ids.size === 0) return new Map();
  // The viewer's organisation as a value of the statement, not a parameter: a page of masters alone would not use one.
  const organization = viewer.typeOfUser === 'SuperAdmin' ? 'NULL::int' : String(Math.trunc(viewer.clientId));
  const params: unknown[] = [];
  const branches = [...ids].map(([kind, list]) => {
    params.push(list);
    return `SELECT '${kind}' AS kind, id::text AS id, name FROM (${NAMES[kind](`$${params.length}::int[]`, organization)}) ${kind}_names`;
  });
  const rows = await db.query<{ kind: string; id: string; name: string | null }>(branches.join(' UNION ALL '), params);
  return new Map(rows.filter((row) => row.name).map((row) => [`${row.kind}:${row.id}`, row.name!]));
}

/** Each entry of a page with `Names`: the name of its record and of every record its fields name by id. */
export async function withNames<Entry extends NamedEntry>(
  db: Queryable,
  entries: Entry[],
  viewer: Viewer,
): Promise<(Entry & { Names: Record<string, string> })[]> {
  const references = entries.map(referencesOf);
  const names = await namesOfReferences(db, references.flat(), viewer);
  return entries.map((entry, n) => ({
    ...entry,
    Names: Object.fromEntries(references[n]!.flatMap((reference) => (names.has(reference) ? [[reference, names.get(reference)!]] : []))),
  }));
}
