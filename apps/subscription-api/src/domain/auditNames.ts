import { auditReference, auditReferences, isAuditRecordKind, type AuditRecordKind } from '@yozy/shared/auditLog';
import type { Queryable } from '#db/database';
import type { Viewer } from '#http/auth';

/** What naming an entry reads of it: its record and the fields before and after (JSON text). */
export type NamedEntry = { EntityType?: unknown; EntityId?: unknown; Before?: unknown; After?: unknown };

/**
 * How each kind of record is named: the name of one record, given the SQL of its id and of the
 * viewer's organisation (null for a SuperAdmin, who reads every organisation's log), looked up by
 * its primary key. An organisation's records are named only inside it; the provider's masters
 * (products, plans, roles, regions, choices) for everyone; mail and API keys only for the
 * provider. A person of another organisation is named only when they are one of the provider's
 * administrators (who change organisations' records and show in their logs as the actor anyway).
 */
type Naming = (id: string, organization: string) => string;
const personName = (u: string) => `COALESCE(NULLIF(btrim(concat_ws(' ', ${u}.first_name, ${u}.last_name)), ''), ${u}.email)`;
const NAMES: Record<AuditRecordKind, Naming> = {
  user: (id, org) => `SELECT ${personName('u')} FROM client_users u
                       WHERE u.user_id = ${id} AND (${org} IS NULL OR u.client_id = ${org} OR u.type_of_user = 'SuperAdmin')`,
  session: (id, org) => `SELECT ${personName('u')} FROM sessions s JOIN client_users u ON u.user_id = s.user_id
                          WHERE s.session_id = ${id} AND (${org} IS NULL OR s.client_id = ${org})`,
  group: (id, org) => `SELECT name FROM groups WHERE group_id = ${id} AND (${org} IS NULL OR client_id = ${org})`,
  project: (id, org) => `SELECT name FROM projects WHERE project_id = ${id} AND (${org} IS NULL OR client_id = ${org})`,
  allocation: (id, org) => `SELECT ${personName('u')} || ' on ' || p.name
                              FROM project_allocations a JOIN projects p ON p.project_id = a.project_id JOIN client_users u ON u.user_id = a.user_id
                             WHERE a.allocation_id = ${id} AND (${org} IS NULL OR p.client_id = ${org})`,
  licence: (id, org) => `SELECT pr.product_name || ' (' || pl.plan_name || ')'
                           FROM licences l JOIN products pr ON pr.product_id = l.product_id JOIN plans pl ON pl.plan_id = l.plan_id
                          WHERE l.licence_id = ${id} AND (${org} IS NULL OR l.client_id = ${org})`,
  organization: (id, org) => `SELECT company_name FROM clients WHERE client_id = ${id} AND (${org} IS NULL OR client_id = ${org})`,
  enquiry: (id, org) => `SELECT company_name FROM enquiries WHERE enquiry_id = ${id} AND (${org} IS NULL OR client_id = ${org})`,
  api_key: (id, org) => `SELECT name FROM api_keys WHERE key_id = ${id} AND ${org} IS NULL`,
  mail: (id, org) => `SELECT subject || ' to ' || to_address FROM mail_outbox WHERE mail_id = ${id} AND ${org} IS NULL`,
  product: (id) => `SELECT product_name FROM products WHERE product_id = ${id}`,
  plan: (id) => `SELECT pl.plan_name || ' (' || pr.product_name || ')' FROM plans pl JOIN products pr ON pr.product_id = pl.product_id
                  WHERE pl.plan_id = ${id}`,
  role: (
    id,
  ) => `SELECT r.role_name || COALESCE(' (' || pr.product_name || ')', '') FROM roles r LEFT JOIN products pr ON pr.product_id = r.product_id
                  WHERE r.role_id = ${id}`,
  region: (id) => `SELECT region_name FROM regions WHERE region_id = ${id}`,
  organizationChoice: (id) => `SELECT choice_name FROM organization_choices WHERE choice_id = ${id}`,
  webhook_endpoint: (id, org) => `SELECT url FROM webhook_endpoints WHERE endpoint_id = ${id} AND (${org} IS NULL OR client_id = ${org})`,
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
 * statement (one branch per kind present, each id looked up by its primary key on its own, so
 * no plan ever reads a table whole): only the rows shown are named, however long the log. A
 * record gone since, or outside the viewer's reach, has no name here.
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
    return `SELECT '${kind}' AS kind, x.id::text AS id, (${NAMES[kind]('x.id', organization)} LIMIT 1) AS name
              FROM unnest($${params.length}::int[]) AS x(id)`;
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
