import { describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '#datasources/types';
import type { RestPage } from '#lists';
import { CALLERS, execute, fakeContext } from '#testing/fakes';
import { changesOf, findActionsByWords, namesOf } from './index';

const AUDIT_LOG = /* GraphQL */ `
  query ($organizationId: ID, $filter: AuditFilter, $search: String) {
    auditLog(organizationId: $organizationId, filter: $filter, search: $search) {
      totalCount
      nodes {
        id
        occurredAt
        action
        entityType
        entityId
        entityName
        names {
          kind
          id
          name
        }
        organizationName
        actor {
          id
          name
          email
        }
        changes {
          field
          before
          after
        }
      }
    }
  }
`;

const ACTIONS = /* GraphQL */ `
  query ($organizationId: ID) {
    auditActions(organizationId: $organizationId)
  }
`;

const ROW: AuditRecord = {
  AuditId: 17,
  ClientId: 2,
  CompanyName: 'Acme Corporation',
  ActorUserId: 2,
  ActorFirstname: 'Ada',
  ActorLastname: 'Admin',
  ActorEmail: 'admin@acme.local',
  ApiKeyName: null,
  ProvisioningTokenName: null,
  Action: 'user.deactivate',
  EntityType: 'user',
  EntityId: '9',
  Before: '{"isActive": true}',
  After: '{"isActive": false, "sessionsEnded": 2}',
  Ip: '10.0.0.4',
  CreatedAt: '2026-11-20T08:15:00.123456+00:00',
  Names: { 'user:9': 'Wile Coyote' },
};

const page = (rows: AuditRecord[]): RestPage<AuditRecord> => ({
  rows,
  contentRange: rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0',
});

describe('auditLog', () => {
  it("lists an organisation admin's own organisation newest first, each change field by field", async () => {
    const listEntries = vi.fn(async (_params: URLSearchParams) => page([ROW]));
    const answer = await execute(
      AUDIT_LOG,
      { filter: { action: 'user.deactivate', actorId: '2', occurredFrom: '2026-11-01T00:00:00Z' }, search: 'ada' },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { audit: { listEntries } } }),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      auditLog: {
        totalCount: 1,
        nodes: [
          {
            id: '17',
            occurredAt: '2026-11-20T08:15:00.123Z',
            action: 'user.deactivate',
            entityType: 'user',
            entityId: '9',
            entityName: 'Wile Coyote',
            names: [{ kind: 'user', id: '9', name: 'Wile Coyote' }],
            organizationName: 'Acme Corporation',
            actor: { id: '2', name: 'Ada Admin', email: 'admin@acme.local' },
            changes: [
              { field: 'isActive', before: 'true', after: 'false' },
              { field: 'sessionsEnded', before: null, after: '2' },
            ],
          },
        ],
      },
    });
    const params = listEntries.mock.calls[0]![0];
    expect(params.get('ClientId')).toBe('eq.2');
    expect(params.get('order')).toBe('CreatedAt.desc');
    expect(params.get('Action')).toBe('eq.user.deactivate');
    expect(params.get('ActorUserId')).toBe('eq.2');
    expect(params.get('CreatedAt')).toBe('gte.2026-11-01T00:00:00Z');
    expect(params.get('or')).toContain('ActorEmail.ilike."*ada*"');
  });

  it('lists the whole platform for a SuperAdmin who names no organisation, and one organisation when named', async () => {
    const listEntries = vi.fn(async (_params: URLSearchParams) => page([]));
    const context = () => fakeContext({ viewer: CALLERS.superAdmin, sources: { audit: { listEntries } } });
    await execute(AUDIT_LOG, {}, context());
    expect(listEntries.mock.calls[0]![0].has('ClientId')).toBe(false);
    await execute(AUDIT_LOG, { organizationId: '3' }, context());
    expect(listEntries.mock.calls[1]![0].get('ClientId')).toBe('eq.3');
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfB', 'FORBIDDEN'],
  ] as const)("refuses %s Acme's log and its actions with %s without asking the REST service", async (caller, code) => {
    const listEntries = vi.fn(async () => page([ROW]));
    const listActions = vi.fn(async () => ['user.deactivate']);
    const sources = { audit: { listEntries, listActions } };
    const log = await execute(AUDIT_LOG, { organizationId: '2' }, fakeContext({ viewer: CALLERS[caller], sources }));
    const actions = await execute(ACTIONS, { organizationId: '2' }, fakeContext({ viewer: CALLERS[caller], sources }));
    expect(log.errors?.[0]?.extensions).toEqual({ code });
    expect(actions.errors?.[0]?.extensions).toEqual({ code });
    expect(listEntries).not.toHaveBeenCalled();
    expect(listActions).not.toHaveBeenCalled();
  });
});

describe('auditActions', () => {
  it("asks for the caller's own organisation, or the platform's for a SuperAdmin", async () => {
    const listActions = vi.fn(async (_organizationId: string | null) => ['group.create', 'user.invite']);
    const own = await execute(ACTIONS, {}, fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { audit: { listActions } } }));
    expect(own.data).toEqual({ auditActions: ['group.create', 'user.invite'] });
    await execute(ACTIONS, {}, fakeContext({ viewer: CALLERS.superAdmin, sources: { audit: { listActions } } }));
    expect(listActions.mock.calls).toEqual([['2'], [null]]);
  });
});

describe('a search in the words the console shows', () => {
  it('finds the actions those words name, beside the codes and the people', () => {
    const params = new URLSearchParams({ or: '(ActorEmail.ilike."*role changed*",Action.ilike."*role changed*")' });
    findActionsByWords(params, ' Role Changed ');
    expect(params.get('or')).toBe(
      '(ActorEmail.ilike."*role changed*",Action.ilike."*role changed*",Action.eq.role.update,Action.eq.user.role_change)',
    );
    const invited = new URLSearchParams({ or: '(Action.ilike."*invited*")' });
    findActionsByWords(invited, 'invited');
    expect(invited.get('or')).toBe('(Action.ilike."*invited*",Action.eq.user.invite)');
    const nothing = new URLSearchParams({ or: '(Action.ilike."*zebra*")' });
    findActionsByWords(nothing, 'zebra');
    expect(nothing.get('or')).toBe('(Action.ilike."*zebra*")');
  });
});

describe('namesOf', () => {
  it('reads each `<kind>:<id>` the service named, and nothing it could not name', () => {
    expect(namesOf({ Names: { 'product:2': 'Yozy Lite', 'user:81': 'Wile Coyote', broken: 'x' } })).toEqual([
      { kind: 'product', id: '2', name: 'Yozy Lite' },
      { kind: 'user', id: '81', name: 'Wile Coyote' },
    ]);
  });

  it('leaves the name of a record deleted since empty', async () => {
    const listEntries = vi.fn(async () => page([{ ...ROW, Names: {} }]));
    const answer = await execute(AUDIT_LOG, {}, fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { audit: { listEntries } } }));
    expect(answer.data?.auditLog).toMatchObject({ nodes: [{ entityName: null, names: [] }] });
  });
});

describe('changesOf', () => {
  it('names every field either side has, and reads a damaged or missing side as none', () => {
    expect(changesOf({ Before: null, After: '{"name":"Ops","members":["a"]}' })).toEqual([
      { field: 'name', before: null, after: '"Ops"' },
      { field: 'members', before: null, after: '["a"]' },
    ]);
    expect(changesOf({ Before: 'not json', After: '[1,2]' })).toEqual([]);
  });
});
