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

/** A console list: its operation, who opens it, and what else its screen sends (the group or project it belongs to). */
type List = { operation: string; as: Signer; given?: (bench: Bench) => Promise<Variables | null> };

/** The first group or project of the organisation admin, for the lists that belong to one. */
const firstOf = (operation: string, variable: string) => async (bench: Bench) => {
  const nodes = pageOf((await ask(bench, operation, 'admin', { page: { offset: 0, limit: 1 } })).data)?.nodes ?? [];
  const id = (nodes[0] as { id?: string } | undefined)?.id;
  return id ? { [variable]: id } : null;
};

/** Every list screen of the console: the organisation admin's, then the provider's (SuperAdmin). */
const LISTS: List[] = [
  { operation: 'UserList', as: 'admin' },
  { operation: 'InvitationList', as: 'admin' },
  { operation: 'GroupList', as: 'admin' },
  { operation: 'GroupMemberList', as: 'admin', given: firstOf('GroupList', 'groupId') },
  { operation: 'GroupCandidateList', as: 'admin', given: firstOf('GroupList', 'groupId') },
  { operation: 'SessionList', as: 'admin' },
  { operation: 'AuditLog', as: 'admin' },
  { operation: 'LicenceList', as: 'admin' },
  { operation: 'ProjectList', as: 'admin' },
  { operation: 'AllocationList', as: 'admin' },
  { operation: 'AllocationCandidateList', as: 'admin', given: firstOf('ProjectList', 'projectId') },
  { operation: 'OrganizationList', as: 'superAdmin' },
  { operation: 'EnquiryList', as: 'superAdmin' },
  { operation: 'Outbox', as: 'superAdmin' },
  { operation: 'AdministratorList', as: 'superAdmin' },
  { operation: 'ApiKeyList', as: 'superAdmin' },
  { operation: 'RoleMaster', as: 'superAdmin' },
  { operation: 'RegionMaster', as: 'superAdmin' },
  { operation: 'PlanMaster', as: 'superAdmin' },
  { operation: 'ProductMaster', as: 'superAdmin' },
  { operation: 'OrganizationChoiceMaster', as: 'superAdmin', given: async () => ({ list: 'BUSINESS_VERTICAL' }) },
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
 * Every list screen of the console at the gateway: its first page, a search, a sort and its last
 * page, each asked for one request at a time as a person paging through it would.
 */
export const lists: Section = {
  title: 'Every list: first page, search, sort, last page (gateway)',
  async run(bench) {
    const schema = schemaDefinitions();
    const rows: (string | number)[][] = [];
    const misses: string[] = [];
    const notes: string[] = [];
    let views = 0;
    let worst = { p95: 0, what: '' };
    for (const list of LISTS) {
      const given = list.given ? await list.given(bench) : {};
      if (given === null) {
        notes.push(`${list.operation}: not measured, the organisation has nothing it belongs to.`);
        continue;
      }
      const takes = variablesOf(list.operation);
      const first = { ...given, page: { offset: 0, limit: PAGE } };
      const page = pageOf((await ask(bench, list.operation, list.as, first)).data);
      const total = page?.totalCount ?? page?.nodes?.length ?? 0;
      const term = takes.has('search') ? searchTermOf(page?.nodes) : null;
      const sortField = sortFieldOf(schema, takes.get('sort'));
      const lastOffset = Math.max(0, Math.floor((total - 1) / PAGE) * PAGE);
      const variants: [string, Variables | null][] = [
        ['first page', first],
        ['search', term ? { ...first, search: term } : null],
        ['sort', sortField ? { ...first, sort: { field: sortField, direction: 'ASC' } } : null],
        ['last page', { ...given, page: { offset: lastOffset, limit: PAGE } }],
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
        if (p95 > worst.p95) worst = { p95, what: `${list.operation} ${variant}` };
        if (p95 >= P95_GOAL_MS) misses.push(`${list.operation} ${variant}: p95 ${ms(p95)} ms`);
      }
      rows.push([
        list.operation,
        list.as === 'superAdmin' ? 'SuperAdmin' : 'organisation admin',
        total,
        ...cells,
        [term && `search “${term}”`, sortField && `sort ${sortField} ASC`].filter(Boolean).join(', '),
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
          columns: ['list', 'as', 'rows', 'first page', 'search', 'sort', 'last page', 'asked'],
          rows,
        },
      ],
      goals,
      notes: [...(misses.length ? [`Over ${P95_GOAL_MS} ms at p95: ${misses.join('; ')}.`] : []), ...notes],
    };
  },
};
