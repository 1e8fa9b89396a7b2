import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Kind, parse, type DefinitionNode, type TypeNode } from 'graphql';
import { consoleDocument } from '../../support/consoleDocuments';
import type { Bench, Goal, Section, Signer } from '../bench';
import { ms } from '../load';
import { gatewayRequest } from '../operations';

/** p95 of every list's first page, search, sort and last page at the gateway (issue "Fast at real size"). */
const P95_GOAL_MS = 100;
/** Timed requests of each view, one at a time, after two that warm it. */
const SAMPLES = 20;
const WARM_UP = 2;
const PAGE = 25;

type Answer = { data?: Record<string, unknown>; errors?: unknown[] };
type Variables = Record<string, unknown>;

/**
 * Where a list is read: an organisation admin's own organisation; a SuperAdmin looking at that
 * same organisation (its tabs name it); or a SuperAdmin naming none, which is the whole platform
 * for the lists that span it (the audit log, people, invitations, the provider's own lists) and the
 * provider's own organisation for the others (the sign-in sessions).
 */
type Scope = 'own organisation' | 'one organisation' | 'no organisation named';

/**
 * A console list: its operation, who opens it and where, and what else its screen sends (the
 * group or project it belongs to). `search` is a text to search for instead of a word of the
 * first row, and `only` measures the search alone (a second search of a list measured already).
 */
type List = {
  operation: string;
  as: Signer;
  scope: Scope;
  given?: (bench: Bench, organisation: Variables) => Promise<Variables | null>;
  search?: string;
  only?: 'search';
  why?: string;
};

/** The first group or project of the organisation, for the lists that belong to one. */
const firstOf = (operation: string, variable: string) => async (bench: Bench) => {
  const nodes = pageOf((await ask(bench, operation, 'admin', { page: { offset: 0, limit: 1 } })).data)?.nodes ?? [];
  const id = (nodes[0] as { id?: string } | undefined)?.id;
  return id ? { [variable]: id } : null;
};

/** The organisation admin's organisation, named by the SuperAdmin's rows of it. */
const ofOrganisation = async (_bench: Bench, organisation: Variables) => organisation;

/**
 * Names many people share in the large data (apps/subscription-api/src/seed/large.ts: people
 * Person1…Person10 Sized<n>, person<k>@org<n>.sized.example, ten to an organisation): "Person1"
 * is the first name of 20,000 of them (Person1 and Person10), "Sized12" the last name of 1,110
 * (the people of organisations 12, 120–129 and 1200–1299), and "person12" none, but it reads like
 * the email addresses of all of them.
 */
const COMMON_NAMES: [search: string, why: string][] = [
  ['Person1', '20,000 people'],
  ['Sized12', '1,110 people'],
  ['person12', 'nobody'],
];
const searchesOf = (operation: string, as: Signer, scope: Scope, given?: List['given']): List[] =>
  COMMON_NAMES.map(([search, why]) => ({ operation, as, scope, given, search, only: 'search', why }));

/** Every list screen of the console at every scope: the organisation admin's, then the provider's (SuperAdmin). */
const LISTS: List[] = [
  { operation: 'UserList', as: 'admin', scope: 'own organisation' },
  { operation: 'InvitationList', as: 'admin', scope: 'own organisation' },
  { operation: 'GroupList', as: 'admin', scope: 'own organisation' },
  { operation: 'GroupMemberList', as: 'admin', scope: 'own organisation', given: firstOf('GroupList', 'groupId') },
  { operation: 'GroupCandidateList', as: 'admin', scope: 'own organisation', given: firstOf('GroupList', 'groupId') },
  { operation: 'SessionList', as: 'admin', scope: 'own organisation' },
  ...searchesOf('SessionList', 'admin', 'own organisation'),
  { operation: 'AuditLog', as: 'admin', scope: 'own organisation' },
  ...searchesOf('AuditLog', 'admin', 'own organisation'),
  { operation: 'LicenceList', as: 'admin', scope: 'own organisation' },
  { operation: 'ProjectList', as: 'admin', scope: 'own organisation' },
  { operation: 'AllocationList', as: 'admin', scope: 'own organisation' },
  { operation: 'AllocationCandidateList', as: 'admin', scope: 'own organisation', given: firstOf('ProjectList', 'projectId') },
  // The provider on the same organisation's tabs.
  { operation: 'UserList', as: 'superAdmin', scope: 'one organisation', given: ofOrganisation },
  { operation: 'InvitationList', as: 'superAdmin', scope: 'one organisation', given: ofOrganisation },
  { operation: 'GroupList', as: 'superAdmin', scope: 'one organisation', given: ofOrganisation },
  { operation: 'GroupMemberList', as: 'superAdmin', scope: 'one organisation', given: firstOf('GroupList', 'groupId') },
  { operation: 'GroupCandidateList', as: 'superAdmin', scope: 'one organisation', given: firstOf('GroupList', 'groupId') },
  { operation: 'SessionList', as: 'superAdmin', scope: 'one organisation', given: ofOrganisation },
  ...searchesOf('SessionList', 'superAdmin', 'one organisation', ofOrganisation),
  { operation: 'AuditLog', as: 'superAdmin', scope: 'one organisation', given: ofOrganisation },
  ...searchesOf('AuditLog', 'superAdmin', 'one organisation', ofOrganisation),
  { operation: 'LicenceList', as: 'superAdmin', scope: 'one organisation', given: ofOrganisation },
  { operation: 'ProjectList', as: 'superAdmin', scope: 'one organisation', given: ofOrganisation },
  { operation: 'AllocationList', as: 'superAdmin', scope: 'one organisation', given: ofOrganisation },
  { operation: 'AllocationCandidateList', as: 'superAdmin', scope: 'one organisation', given: firstOf('ProjectList', 'projectId') },
  // The provider naming no organisation: the whole platform, or its own organisation's sessions.
  { operation: 'UserList', as: 'superAdmin', scope: 'no organisation named' },
  ...searchesOf('UserList', 'superAdmin', 'no organisation named'),
  { operation: 'InvitationList', as: 'superAdmin', scope: 'no organisation named' },
  { operation: 'SessionList', as: 'superAdmin', scope: 'no organisation named' },
  ...searchesOf('SessionList', 'superAdmin', 'no organisation named'),
  { operation: 'AuditLog', as: 'superAdmin', scope: 'no organisation named' },
  ...searchesOf('AuditLog', 'superAdmin', 'no organisation named'),
  { operation: 'OrganizationList', as: 'superAdmin', scope: 'no organisation named' },
  { operation: 'EnquiryList', as: 'superAdmin', scope: 'no organisation named' },
  { operation: 'Outbox', as: 'superAdmin', scope: 'no organisation named' },
  { operation: 'AdministratorList', as: 'superAdmin', scope: 'no organisation named' },
  { operation: 'ApiKeyList', as: 'superAdmin', scope: 'no organisation named' },
  { operation: 'RoleMaster', as: 'superAdmin', scope: 'no organisation named' },
  { operation: 'RegionMaster', as: 'superAdmin', scope: 'no organisation named' },
  { operation: 'PlanMaster', as: 'superAdmin', scope: 'no organisation named' },
  { operation: 'ProductMaster', as: 'superAdmin', scope: 'no organisation named' },
  {
    operation: 'OrganizationChoiceMaster',
    as: 'superAdmin',
    scope: 'no organisation named',
    given: async () => ({ list: 'BUSINESS_VERTICAL' }),
  },
];

const SCHEMA = fileURLToPath(new URL('../../../schema', import.meta.url));

/** The schema's definitions (schema/*.graphql), to find each list's sort fields. */
function schemaDefinitions(): Map<string, DefinitionNode> {
  const definitions = new Map<string, DefinitionNode>();
  for (const file of readdirSync(SCHEMA).filter((name) => name.endsWith('.graphql'))) {
    for (const definition of parse(readFileSync(`${SCHEMA}/${file}`, 'utf8')).definitions) {
      if ('name' in definition && definition.name) definitions.set(definition.name.value, definition);
    }
  }
  return definitions;
}

const namedType = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type));

/** The variables the operation takes, by name, with their type's name. */
function variablesOf(operation: string): Map<string, string> {
  const [definition] = parse(consoleDocument(operation)).definitions;
  if (definition?.kind !== Kind.OPERATION_DEFINITION) return new Map();
  return new Map((definition.variableDefinitions ?? []).map((variable) => [variable.variable.name.value, namedType(variable.type)]));
}

/** The last field the list sorts by, or none when it takes no sort. */
function sortFieldOf(schema: Map<string, DefinitionNode>, sortInput: string | undefined): string | null {
  const input = sortInput ? schema.get(sortInput) : undefined;
  if (input?.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION) return null;
  const field = input.fields?.find((candidate) => candidate.name.value === 'field');
  const enumeration = field && schema.get(namedType(field.type));
  if (enumeration?.kind !== Kind.ENUM_TYPE_DEFINITION) return null;
  return enumeration.values?.at(-1)?.name.value ?? null;
}

async function ask(bench: Bench, operation: string, as: Signer, variables: Variables): Promise<Answer> {
  const { url, ...request } = gatewayRequest(bench, { name: operation, as, variables });
  return (await (await fetch(url, request)).json()) as Answer;
}

/** The list an answer holds: its one field, a page (`totalCount`, `nodes`). */
function pageOf(data: Answer['data']): { totalCount?: number; nodes?: unknown[] } | undefined {
  const [answer] = Object.values(data ?? {});
  return answer as { totalCount?: number; nodes?: unknown[] } | undefined;
}

/** A word to search for: the first word of the first text shown in the first row (a name, an email). */
function searchTermOf(nodes: unknown[] | undefined): string | null {
  const row = (nodes?.[0] ?? {}) as Record<string, unknown>;
  for (const [field, value] of Object.entries(row)) {
    if (field === 'id' || field.endsWith('Id') || typeof value !== 'string' || /^\d|^[\w-]{36}$|^[A-Z_]+$/.test(value)) continue;
    const word = value.split(/[\s@.,]/)[0]!;
    if (word.length >= 3) return word.slice(0, 12);
  }
  return null;
}

/** `SAMPLES` requests one after another; the p50 and p95 of their times at the client, in ms. */
async function timed(bench: Bench, list: List, variables: Variables): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let n = 0; n < WARM_UP + SAMPLES; n += 1) {
    const started = performance.now();
    const answer = await ask(bench, list.operation, list.as, variables);
    const took = performance.now() - started;
    if (answer.errors) throw new Error(`${list.operation} ${JSON.stringify(variables)} answered ${JSON.stringify(answer.errors)}`);
    if (n >= WARM_UP) times.push(took);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * Every list screen of the console at the gateway, at every scope it is read at: its first page, a
 * search, a sort and its last page, each asked for one request at a time as a person paging through
 * it would; and the lists that grow by the million (sessions, the audit log) and the platform's
 * people searched for names many people share.
 */
export const lists: Section = {
  title: 'Every list: first page, search, sort, last page (gateway)',
  async run(bench) {
    const schema = schemaDefinitions();
    const viewer = (await ask(bench, 'Viewer', 'admin', {})).data?.viewer as { organization?: { id?: string } } | undefined;
    const organizationId = viewer?.organization?.id;
    if (!organizationId) throw new Error('The organisation admin has no organisation');
    const rows: (string | number)[][] = [];
    const misses: string[] = [];
    const notes: string[] = [];
    let views = 0;
    let worst = { p95: 0, what: '' };
    for (const list of LISTS) {
      const label = `${list.operation} (${list.as === 'superAdmin' ? 'SuperAdmin' : 'organisation admin'}, ${list.scope})`;
      const given = list.given ? await list.given(bench, { organizationId }) : {};
      if (given === null) {
        notes.push(`${label}: not measured, the organisation has nothing it belongs to.`);
        continue;
      }
      const takes = variablesOf(list.operation);
      const first = { ...given, page: { offset: 0, limit: PAGE } };
      const page = pageOf((await ask(bench, list.operation, list.as, first)).data);
      const total = page?.totalCount ?? page?.nodes?.length ?? 0;
      const term = takes.has('search') ? (list.search ?? searchTermOf(page?.nodes)) : null;
      const sortField = list.only ? null : sortFieldOf(schema, takes.get('sort'));
      const lastOffset = Math.max(0, Math.floor((total - 1) / PAGE) * PAGE);
      const variants: [string, Variables | null][] = [
        ['first page', list.only ? null : first],
        ['search', term ? { ...first, search: term } : null],
        ['sort', sortField ? { ...first, sort: { field: sortField, direction: 'ASC' } } : null],
        ['last page', list.only ? null : { ...given, page: { offset: lastOffset, limit: PAGE } }],
      ];
      const cells: string[] = [];
      for (const [variant, variables] of variants) {
        if (!variables) {
          cells.push('—');
          continue;
        }
        const { p50, p95 } = await timed(bench, list, variables);
        views += 1;
        cells.push(`${ms(p50)} / ${ms(p95)}`);
        const what = `${label} ${variant}${variant === 'search' ? ` “${term}”` : ''}`;
        if (p95 > worst.p95) worst = { p95, what };
        if (p95 >= P95_GOAL_MS) misses.push(`${what}: p95 ${ms(p95)} ms`);
      }
      rows.push([
        list.operation,
        list.as === 'superAdmin' ? 'SuperAdmin' : 'organisation admin',
        list.scope,
        list.only ? '' : total,
        ...cells,
        [term && `search “${term}”${list.why ? ` (${list.why})` : ''}`, sortField && `sort ${sortField} ASC`].filter(Boolean).join(', '),
      ]);
    }
    const goals: Goal[] = [
      {
        what: `Every list view (${views}): p95 at the gateway`,
        goal: `< ${P95_GOAL_MS} ms`,
        figure: misses.length
          ? `${misses.length} of ${views} miss; the slowest ${worst.what}, ${ms(worst.p95)} ms`
          : `all met; the slowest ${worst.what}, ${ms(worst.p95)} ms`,
        met: misses.length === 0,
      },
    ];
    return {
      tables: [
        {
          title: `p50 / p95 in ms of ${SAMPLES} requests one at a time, pages of ${PAGE}`,
          columns: ['list', 'as', 'organisation', 'rows', 'first page', 'search', 'sort', 'last page', 'asked'],
          rows,
        },
      ],
      goals,
      notes: [...(misses.length ? [`Over ${P95_GOAL_MS} ms at p95: ${misses.join('; ')}.`] : []), ...notes],
    };
  },
};
