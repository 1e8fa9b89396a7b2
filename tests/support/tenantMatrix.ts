import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, Kind, parse, validate, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Database } from '@yozy/subscription-api';
import type { GraphQLAnswer, GraphQLSession } from './graphql';

/**
 * The machinery of the tenant isolation matrix: every Query and Mutation field of the schema,
 * called as every kind of caller, with the ids of an organisation that is not the caller's.
 * The table of operations lives in integration/tenantMatrix/rows/, one module per area.
 */

export const CALLERS = {
  anonymous: null,
  memberOfA: 'member@acme.local',
  orgAdminOfA: 'admin@acme.local',
  orgAdminOfB: 'admin@globex.local',
  superAdmin: 'admin@yozy.local',
} as const;
export type CallerName = keyof typeof CALLERS;
export const CALLER_NAMES = Object.keys(CALLERS) as CallerName[];

/** A: the organisation of the member and of the first OrgAdmin; B: the second OrgAdmin's. */
export const ORGANISATION_A = 'Acme Corporation';
export const ORGANISATION_B = 'Globex Industries';

/** The organisation each caller belongs to; the provider's SuperAdmin may see every one. */
export const OWN_ORGANISATION: Record<CallerName, string | null> = {
  anonymous: null,
  memberOfA: ORGANISATION_A,
  orgAdminOfA: ORGANISATION_A,
  orgAdminOfB: ORGANISATION_B,
  superAdmin: 'Yozy Technologies',
};
export const SEES_EVERY_ORGANISATION: readonly CallerName[] = ['superAdmin'];

/** The organisation whose ids a caller is given: never their own (a SuperAdmin's are all theirs to see). */
export const OTHER_ORGANISATION: Record<CallerName, string> = {
  anonymous: ORGANISATION_A,
  memberOfA: ORGANISATION_B,
  orgAdminOfA: ORGANISATION_B,
  orgAdminOfB: ORGANISATION_A,
  superAdmin: ORGANISATION_A,
};

export type Organisation = {
  id: string;
  name: string;
  adminEmail: string;
  /** A user who was invited and has not chosen a password yet, or else any user. */
  invitedEmail: string;
  /** Values that give the organisation's data away when they appear in an answer. */
  identifying: string[];
};

/** What an operation of the table is called with. */
export type Call = { document: string; variables?: Record<string, unknown> };

/** What one kind of caller may get: the data, a refusal thrown with this code, or a refusal in the payload. */
export type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | { payloadError: string };

export type CellContext = {
  caller: CallerName;
  /** The organisation whose ids the call uses: another one than the caller's. */
  other: Organisation;
  db: Database;
  /** The first product the public list offers and its first plan, as a sign-up enquiry names them. */
  products: { productId: string; planId: string };
  /** A solved captcha, for the public mutations. */
  captcha(): Promise<string>;
  /** A word no other cell uses, for values that must be unique (emails of new enquiries). */
  unique: string;
};

export type Operation = {
  /** How to call it. */
  call(cell: CellContext): Call | Promise<Call>;
  /** What each kind of caller may get. */
  may: Record<CallerName, Outcome>;
  /**
   * The rows of the other organisation the call would change if it were let through; they must
   * read the same after any refused call ("refused") or after every call ("always").
   */
  touches?: { rows(cell: CellContext): Promise<unknown>; unchanged?: 'refused' | 'always' };
  /** The call ends the caller's session: it gets a session of its own. */
  endsSession?: true;
};

// Who may get what, for the table to spread and override.
export const EVERYONE_MAY: Record<CallerName, Outcome> = {
  anonymous: 'ok',
  memberOfA: 'ok',
  orgAdminOfA: 'ok',
  orgAdminOfB: 'ok',
  superAdmin: 'ok',
};
/** Only the provider's SuperAdmins; with another organisation's ids this is every organisation-scoped read or change too. */
export const ONLY_SUPER_ADMIN_MAY: Record<CallerName, Outcome> = {
  anonymous: 'UNAUTHENTICATED',
  memberOfA: 'FORBIDDEN',
  orgAdminOfA: 'FORBIDDEN',
  orgAdminOfB: 'FORBIDDEN',
  superAdmin: 'ok',
};
export const EVERYONE_GETS = (outcome: Outcome): Record<CallerName, Outcome> =>
  Object.fromEntries(CALLER_NAMES.map((caller) => [caller, outcome])) as Record<CallerName, Outcome>;

const SCHEMA_DIR = fileURLToPath(new URL('../../schema/', import.meta.url));

/** The schema exactly as the gateway serves it, from schema/*.graphql. */
export function loadSchema(): GraphQLSchema {
  const sdl = readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(SCHEMA_DIR + name, 'utf8'))
    .join('\n');
  return buildSchema(sdl);
}

/** Every root field of the schema, as `Query.viewer`, `Mutation.signIn`, … */
export function rootFields(schema: GraphQLSchema): string[] {
  return [schema.getQueryType(), schema.getMutationType()].flatMap((type) =>
    type ? Object.keys(type.getFields()).map((field) => `${type.name}.${field}`) : [],
  );
}

/** The root field a document calls, after checking that it is valid against the schema and calls exactly one. */
export function calledField(schema: GraphQLSchema, document: string): string {
  const ast = parse(document);
  const problems = validate(schema, ast);
  if (problems.length) throw new Error(`invalid document: ${problems.map((p) => p.message).join('; ')}`);
  const [operation, ...more] = ast.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const fields = operation?.selectionSet.selections.filter((s) => s.kind === Kind.FIELD) ?? [];
  if (!operation || more.length || fields.length !== 1 || fields[0]?.kind !== Kind.FIELD) {
    throw new Error('a matrix document calls exactly one root field');
  }
  return `${operation.operation === 'query' ? 'Query' : 'Mutation'}.${fields[0].name.value}`;
}

/** What a caller actually got. */
export function outcomeOf(answer: GraphQLAnswer<Record<string, unknown>>, field: string): Outcome {
  const thrown = answer.errors?.[0]?.extensions?.code;
  if (thrown) return thrown as Outcome;
  const payload = answer.data?.[field.split('.')[1]!] as { errors?: { code: string }[] } | null | undefined;
  const payloadError = payload?.errors?.[0]?.code;
  return payloadError ? { payloadError } : 'ok';
}

/** The organisations of the database with the values that identify each. */
export async function loadOrganisations(db: Database): Promise<Map<string, Organisation>> {
  const rows = await db.query<{
    id: number;
    name: string;
    contact: string | null;
    city: string | null;
    emails: string[];
    admin_email: string;
    invited_email: string;
  }>(
    `SELECT c.client_id AS id, c.company_name AS name, c.contact_name AS contact, c.city,
            array_agg(u.email ORDER BY u.user_id) AS emails,
            (array_agg(u.email ORDER BY u.type_of_user <> 'OrgAdmin', u.user_id))[1] AS admin_email,
            (array_agg(u.email ORDER BY u.password_hash IS NOT NULL, u.user_id))[1] AS invited_email
       FROM clients c JOIN client_users u ON u.client_id = c.client_id
      GROUP BY c.client_id`,
  );
  return new Map(
    rows.map((row) => [
      row.name,
      {
        id: String(row.id),
        name: row.name,
        adminEmail: row.admin_email,
        invitedEmail: row.invited_email,
        identifying: [row.name, row.contact, row.city, ...row.emails].filter((value): value is string => !!value),
      },
    ]),
  );
}

export type Sessions = Record<CallerName, GraphQLSession>;
