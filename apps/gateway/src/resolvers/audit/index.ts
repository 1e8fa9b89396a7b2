import { AUDIT_ACTIONS } from '@yozy/shared/auditLog';
import type { GatewayContext } from '#context';
import type { AuditRecord } from '#datasources/types';
import type { AuditChange, AuditFilter, AuditRecordName, AuditSortField, Resolvers } from '#generated/graphql';
import { organizationScoped } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { utcInstant } from '#scalars';

const AUDIT_LIST: ListSpec<AuditFilter, AuditSortField> = {
  search: ['ActorFirstname', 'ActorLastname', 'ActorEmail', 'Action', 'EntityId'],
  filter: {
    actorId: ['ActorUserId', 'eq'],
    action: ['Action', 'eq'],
    entityType: ['EntityType', 'eq'],
    entityId: ['EntityId', 'eq'],
    occurredFrom: ['CreatedAt', 'gte'],
    occurredTo: ['CreatedAt', 'lte'],
  },
  sort: { OCCURRED_AT: 'CreatedAt' },
  defaultSort: { field: 'OCCURRED_AT', direction: 'DESC' },
};

/**
 * The organisation a read is scoped to: the one named; an organisation admin's own when none is;
 * none at all (the whole platform) for a SuperAdmin who names none.
 */
async function scopeOf(ctx: GatewayContext, named: string | null | undefined): Promise<string | null> {
  if (named != null) return String(named);
  const viewer = (await ctx.viewer())!;
  return viewer.TypeOfUser === 'SuperAdmin' ? null : String(viewer.ClientId);
}

/** The JSON object of a before or after column; anything else (null, a damaged row) as no fields. */
function fieldsOf(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Every field either side names, in the order the change wrote them, each value as JSON text. */
export function changesOf(row: Pick<AuditRecord, 'Before' | 'After'>): AuditChange[] {
  const before = fieldsOf(row.Before);
  const after = fieldsOf(row.After);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const text = (fields: Record<string, unknown>, name: string) => (Object.hasOwn(fields, name) ? JSON.stringify(fields[name]) : null);
  return names.map((field) => ({ field, before: text(before, field), after: text(after, field) }));
}

/** The names the service found for the records an entry names, as `<kind>:<id>` → name. */
export function namesOf(row: Pick<AuditRecord, 'Names'>): AuditRecordName[] {
  return Object.entries(row.Names).flatMap(([reference, name]) => {
    const at = reference.indexOf(':');
    return at > 0 ? [{ kind: reference.slice(0, at), id: reference.slice(at + 1), name }] : [];
  });
}

/**
 * The console shows actions in words ("Role changed"), so a search in those words finds the
 * actions they name as well as the codes: each such action joins the search's alternatives.
 */
export function findActionsByWords(params: URLSearchParams, search: string | null | undefined): void {
  const text = search?.trim().toLowerCase();
  const alternatives = params.get('or');
  if (!text || !alternatives) return;
  const actions = Object.entries(AUDIT_ACTIONS).flatMap(([action, words]) => (words.toLowerCase().includes(text) ? [action] : []));
  if (actions.length) params.set('or', `${alternatives.slice(0, -1)},${actions.map((action) => `Action.eq.${action}`).join(',')})`);
}

export const auditResolvers: Resolvers = {
  Query: {
    auditLog: organizationScoped(async (_parent, args, ctx) => {
      const organizationId = await scopeOf(ctx, args.organizationId);
      return listPage(args, AUDIT_LIST, (params) => {
        if (organizationId) params.set('ClientId', `eq.${organizationId}`);
        findActionsByWords(params, args.search);
        return ctx.dataSources.audit.listEntries(params);
      });
    }),
    auditActions: organizationScoped(async (_parent, args, ctx) =>
      ctx.dataSources.audit.listActions(await scopeOf(ctx, args.organizationId)),
    ),
  },
  AuditEntry: {
    id: (row) => String(row.AuditId),
    occurredAt: (row) => utcInstant(row.CreatedAt),
    action: (row) => row.Action,
    entityType: (row) => row.EntityType,
    entityId: (row) => row.EntityId,
    entityName: (row) => (row.EntityId == null ? null : (row.Names[`${row.EntityType}:${row.EntityId}`] ?? null)),
    organizationId: (row) => (row.ClientId == null ? null : String(row.ClientId)),
    organizationName: (row) => row.CompanyName,
    actor: (row) =>
      row.ActorUserId == null
        ? null
        : {
            id: String(row.ActorUserId),
            name: `${row.ActorFirstname ?? ''} ${row.ActorLastname ?? ''}`.trim(),
            email: row.ActorEmail ?? '',
          },
    apiKeyName: (row) => row.ApiKeyName,
    provisioningTokenName: (row) => row.ProvisioningTokenName,
    ip: (row) => row.Ip,
    changes: (row) => changesOf(row),
    names: (row) => namesOf(row),
  },
};
