import { Router } from 'express';
import { z } from 'zod';
import { ORGANIZATION_REST_FIELDS, organizationInput, restSchema } from '@yozy/shared';
import type { Database, Queryable } from '../db/database';
import { audit, changedFields } from '../domain/audit';
import { requireAdmin, viewerOf } from '../http/auth';
import { HttpError, parseBody } from '../http/errors';
import { clientOf } from '../http/gateway';
import { jsonObject, listResource, type ResourceDefinition } from '../http/resource';
import { recordIdOf, recordQuery, requireSuperAdmin } from './platform/access';

export const CLIENTS_PATH = '/subscription_client_details';

/** Organisation (client) fields of SPEC section 3, as the provider's backend names them. */
export const clientFields = {
  ClientId: { sql: 'c.client_id', type: 'int' },
  ClientCompanyName: {
    sql: 'c.company_name',
    type: 'text',
    searchable: true,
    sort: { index: 'clients_company_name_sort_idx', by: 'lower(c.company_name)' },
  },
  DateOnboarded: { sql: 'c.date_onboarded', type: 'date', sort: { index: 'clients_date_onboarded_sort_idx' } },
  AddressLine1: { sql: 'c.address_line1', type: 'text' },
  AddressLine2: { sql: 'c.address_line2', type: 'text' },
  City: { sql: 'c.city', type: 'text' },
  State: { sql: 'c.state', type: 'text' },
  Country: { sql: 'c.country', type: 'text' },
  CountryCode: { sql: 'c.country_code', type: 'text' },
  Pincode: { sql: 'c.pincode', type: 'text' },
  ClientContactName: {
    sql: 'c.contact_name',
    type: 'text',
    searchable: true,
    sort: { index: 'clients_contact_name_sort_idx', by: 'lower(c.contact_name)' },
  },
  ClientDesignation: { sql: 'c.designation', type: 'text' },
  CurrencyCode: { sql: 'c.currency_code', type: 'text' },
  ClientType: { sql: 'c.client_type', type: 'text', sort: { index: 'clients_client_type_sort_idx' } },
  NatureOfBusiness: { sql: 'c.nature_of_business', type: 'text' },
  BusinessVertical: { sql: 'c.business_vertical', type: 'text', sort: { index: 'clients_business_vertical_sort_idx' } },
  ClientRevenueInUSD: { sql: 'c.revenue_usd', type: 'number' },
  IsActive: { sql: 'c.is_active', type: 'bool' },
  // The provider's own organisation: its SuperAdmins work from it, so it is never deactivated.
  IsProvider: { sql: 'c.is_provider', type: 'bool' },
  DefaultRegions: {
    sql: "coalesce((SELECT s.default_regions FROM org_settings s WHERE s.client_id = c.client_id), '{}')",
    type: 'textList',
  },
  // Computed for the provider's list: people, seats and the next licence to run out.
  UserCount: {
    sql: '(SELECT count(*)::int FROM client_users u WHERE u.client_id = c.client_id AND u.is_active)',
    type: 'int',
  },
  // From the organisation's active people, each person's roles looked up by person against the
  // products of its live licences (read once), so no count passes over everyone's roles.
  SeatsUsed: {
    sql: `(SELECT count(*)::int FROM client_users u
            WHERE u.client_id = c.client_id AND u.is_active
              AND EXISTS (SELECT 1 FROM user_roles ur
                           WHERE ur.user_id = u.user_id
                             AND ur.product_id = ANY (ARRAY(SELECT l.product_id FROM licences l
                                                             WHERE l.client_id = c.client_id AND l.is_active
                                                               AND l.valid_till >= current_date))))`,
    type: 'int',
  },
  SeatCapacity: {
    sql: `(SELECT coalesce(sum(pl.capacity), 0)::int FROM licences l JOIN plans pl ON pl.plan_id = l.plan_id
            WHERE l.client_id = c.client_id AND l.is_active AND l.valid_till >= current_date)`,
    type: 'int',
  },
  LicenceExpiresOn: {
    sql: '(SELECT min(l.valid_till) FROM licences l WHERE l.client_id = c.client_id AND l.is_active AND l.valid_till >= current_date)',
    type: 'date',
  },
} satisfies ResourceDefinition['fields'];

export const clients: ResourceDefinition = {
  from: 'clients c',
  fields: clientFields,
  tenantField: 'ClientId',
  tieBreaker: 'c.client_id',
};

/** `?ClientId=eq.7`: the organisation a change acts on. */
export const clientQuery = recordQuery('ClientId');

/**
 * PATCH /subscription_client_details: any of the organisation's fields under the provider's names,
 * its default regions, and `IsActive` to deactivate it (every session of its people ends) or activate it.
 */
export const clientChangesBody = restSchema(organizationInput, ORGANIZATION_REST_FIELDS)
  .partial()
  .extend({ IsActive: z.boolean({ error: 'IsActive is true or false' }).optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to change');

type ClientChanges = z.output<typeof clientChangesBody>;

/** The table column of each field the provider may change. */
const COLUMNS = {
  ClientCompanyName: 'company_name',
  AddressLine1: 'address_line1',
  AddressLine2: 'address_line2',
  City: 'city',
  State: 'state',
  Country: 'country',
  CountryCode: 'country_code',
  Pincode: 'pincode',
  ClientContactName: 'contact_name',
  ClientDesignation: 'designation',
  CurrencyCode: 'currency_code',
  ClientType: 'client_type',
  NatureOfBusiness: 'nature_of_business',
  BusinessVertical: 'business_vertical',
  ClientRevenueInUSD: 'revenue_usd',
} as const satisfies Partial<Record<keyof ClientChanges, string>>;

type ClientRecord = { [Name in keyof typeof clientFields]: unknown } & {
  ClientId: number;
  ClientCompanyName: string;
  IsActive: boolean;
  IsProvider: boolean;
  DefaultRegions: string[];
};

/** Why a session ended when its organisation was deactivated, as the sessions list shows it. */
export const ORGANIZATION_DEACTIVATED = 'organization_deactivated';

async function clientById(db: Queryable, clientId: number, lock = false): Promise<ClientRecord | null> {
  const [row] = await db.query<{ row: ClientRecord }>(
    `SELECT ${clientJson} AS row FROM clients c WHERE c.client_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [clientId],
  );
  return row?.row ?? null;
}

/** What the audit log keeps of an organisation's details: the fields the provider may change. */
const details = (client: ClientRecord) =>
  Object.fromEntries([...Object.keys(COLUMNS), 'DefaultRegions'].map((name) => [name, client[name as keyof ClientRecord]]));

/**
 * The default regions must be in the regions master; a region the provider has since retired may
 * stay where it already was, but is not newly chosen.
 */
async function checkRegions(tx: Queryable, codes: string[], kept: string[]): Promise<void> {
  if (!codes.length) return;
  const rows = await tx.query<{ region_code: string; is_active: boolean }>(
    'SELECT region_code, is_active FROM regions WHERE region_code = ANY($1::text[])',
    [codes],
  );
  const usable = new Set(rows.filter((row) => row.is_active || kept.includes(row.region_code)).map((row) => row.region_code));
  const unknown = codes.filter((code) => !usable.has(code));
  if (unknown.length)
    throw new HttpError('BAD_REQUEST', `Choose regions from the list; ${unknown.join(', ')} is not offered`, 'DefaultRegions');
}

export function clientRoutes(db: Database): Router {
  const router = Router();
  router.get(CLIENTS_PATH, requireAdmin, async (req, res) => {
    res.json(await listResource(db, clients, req, res, viewerOf(res)));
  });

  // Only the provider changes an organisation's record: its admins see it but do not edit it.
  router.patch(CLIENTS_PATH, requireSuperAdmin, async (req, res) => {
    const clientId = recordIdOf(clientQuery, 'ClientId', req);
    const { IsActive, DefaultRegions, ...fields } = parseBody(clientChangesBody, req.body);
    const viewer = viewerOf(res);
    const ip = clientOf(req, res).ip;
    const saved = await db.transaction(async (tx) => {
      const before = await clientById(tx, clientId, true);
      if (!before) throw new HttpError('NOT_FOUND', 'There is no such organisation', 'ClientId');

      const sets: string[] = [];
      const params: unknown[] = [clientId];
      for (const [field, column] of Object.entries(COLUMNS)) {
        const value = fields[field as keyof typeof COLUMNS];
        if (value !== undefined) sets.push(`${column} = $${params.push(value)}`);
      }
      if (sets.length) await tx.query(`UPDATE clients SET ${sets.join(', ')}, updated_at = now() WHERE client_id = $1`, params);
      if (DefaultRegions !== undefined) {
        await checkRegions(tx, DefaultRegions, before.DefaultRegions);
        await tx.query(
          `INSERT INTO org_settings (client_id, default_regions, updated_at) VALUES ($1, $2, now())
           ON CONFLICT (client_id) DO UPDATE SET default_regions = $2, updated_at = now()`,
          [clientId, DefaultRegions],
        );
      }
      const changed = changedFields(details(before), details((await clientById(tx, clientId))!));
      if (Object.keys(changed.after).length) {
        await audit(tx, {
          clientId,
          actorUserId: viewer.userId,
          action: 'organization.update',
          entityType: 'organization',
          entityId: clientId,
          ip,
          ...changed,
        });
      }

      if (IsActive !== undefined && IsActive !== before.IsActive) {
        if (!IsActive && before.IsProvider) {
          throw new HttpError('CONFLICT', 'The provider’s own organisation cannot be deactivated', 'IsActive');
        }
        await tx.query('UPDATE clients SET is_active = $2, updated_at = now() WHERE client_id = $1', [clientId, IsActive]);
        // A deactivated organisation's people are out at once, not when their sessions happen to expire.
        const ended = IsActive
          ? []
          : await tx.query(
              `UPDATE sessions SET ended_at = now(), end_reason = $2
                WHERE client_id = $1 AND ended_at IS NULL AND expires_at > now() RETURNING session_id`,
              [clientId, ORGANIZATION_DEACTIVATED],
            );
        await audit(tx, {
          clientId,
          actorUserId: viewer.userId,
          action: IsActive ? 'organization.activate' : 'organization.deactivate',
          entityType: 'organization',
          entityId: clientId,
          before: { IsActive: before.IsActive },
          after: IsActive ? { IsActive } : { IsActive, SessionsEnded: ended.length },
          ip,
        });
      }
      return (await clientById(tx, clientId))!;
    });
    res.json(saved);
  });
  return router;
}

/** `json_build_object` of every client field, for embedding an organisation in another answer. */
export const clientJson = jsonObject(clientFields);
