import { Router } from 'express';
import { z } from 'zod';
import { ORGANIZATION_INFO_REST_FIELDS, organizationInfoInput, recordId, restSchema } from '@yozy/shared';
import type { Database, Queryable } from '../db/database';
import { audit, changedFields } from '../domain/audit';
import { requireAdmin, viewerOf } from '../http/auth';
import { HttpError, parseBody } from '../http/errors';
import { clientOf } from '../http/gateway';
import { jsonObject, listResource, type ResourceDefinition } from '../http/resource';
import { requireSuperAdmin } from './platform/access';

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
  SeatsUsed: {
    sql: `(SELECT count(DISTINCT u.user_id)::int FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
            WHERE u.client_id = c.client_id AND u.is_active
              AND ur.product_id IN (SELECT l.product_id FROM licences l
                                     WHERE l.client_id = c.client_id AND l.is_active AND l.valid_till >= current_date))`,
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

/** PATCH /subscription_client_details?ClientId=eq.<id>: every field of the info tab, under the provider's names. */
export const clientBody = restSchema(organizationInfoInput, ORGANIZATION_INFO_REST_FIELDS);
export const clientQuery = z.object({
  ClientId: z
    .string({ error: 'Name the organisation: ClientId=eq.<id>' })
    .regex(/^eq\.\d{1,10}$/, 'Name the organisation: ClientId=eq.<id>')
    .describe('The organisation, as ClientId=eq.<id>'),
});
/** POST /subscription_client_details/activation */
export const clientActivationBody = z.strictObject({
  ClientId: recordId('Choose an organisation'),
  IsActive: z.boolean({ error: 'Say whether to activate (true) or deactivate (false)' }),
});

export const PROVIDER_DEACTIVATION_MESSAGE = 'The provider’s own organisation cannot be deactivated';
export const UNKNOWN_REGION_MESSAGE = 'Choose regions from the list';

type ClientRecord = Record<string, unknown> & { ClientId: number; IsActive: boolean; IsProvider: boolean };

async function clientById(db: Queryable, clientId: number, lock = false): Promise<ClientRecord> {
  const [row] = await db.query<{ row: ClientRecord }>(
    `SELECT ${jsonObject(clientFields)} AS row FROM clients c WHERE c.client_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [clientId],
  );
  if (!row) throw new HttpError('NOT_FOUND', 'There is no such organisation', 'ClientId');
  return row.row;
}

/** The fields the info tab edits, from a record, for the audit log's before and after. */
const editable = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.values(ORGANIZATION_INFO_REST_FIELDS).map((name) => [name, row[name] ?? null]));

export function clientRoutes(db: Database): Router {
  const router = Router();
  router.get('/subscription_client_details', requireAdmin, async (req, res) => {
    res.json(await listResource(db, clients, req, res, viewerOf(res)));
  });

  // The provider edits an organisation's own fields and default regions (the client PATCH of the specification).
  router.patch('/subscription_client_details', requireSuperAdmin, async (req, res) => {
    const query = clientQuery.safeParse(req.query);
    if (!query.success) throw new HttpError('BAD_REQUEST', query.error.issues[0]!.message, 'ClientId');
    const clientId = Number(query.data.ClientId.slice(3));
    const body = parseBody(clientBody, req.body);
    const viewer = viewerOf(res);
    const saved = await db.transaction(async (tx) => {
      const before = await clientById(tx, clientId, true);
      const current = before.DefaultRegions as string[];
      // A region must be on the list and open for choosing, unless the organisation has it already.
      const known = await tx.query<{ region_code: string }>(
        'SELECT region_code FROM regions WHERE region_code = ANY($1::text[]) AND (is_active OR region_code = ANY($2::text[]))',
        [body.DefaultRegions, current],
      );
      if (known.length !== body.DefaultRegions.length) throw new HttpError('BAD_REQUEST', UNKNOWN_REGION_MESSAGE, 'DefaultRegions');
      await tx.query(
        `UPDATE clients SET company_name = $2, address_line1 = $3, address_line2 = $4, city = $5, state = $6, country = $7,
                country_code = $8, pincode = $9, currency_code = $10, client_type = $11, nature_of_business = $12,
                business_vertical = $13, revenue_usd = $14, contact_name = $15, designation = $16, updated_at = now()
          WHERE client_id = $1`,
        [
          clientId,
          body.ClientCompanyName,
          body.AddressLine1,
          body.AddressLine2,
          body.City,
          body.State,
          body.Country,
          body.CountryCode,
          body.Pincode,
          body.CurrencyCode,
          body.ClientType,
          body.NatureOfBusiness,
          body.BusinessVertical,
          body.ClientRevenueInUSD,
          body.ClientContactName,
          body.ClientDesignation,
        ],
      );
      await tx.query(
        `INSERT INTO org_settings (client_id, default_regions) VALUES ($1, $2)
         ON CONFLICT (client_id) DO UPDATE SET default_regions = $2, updated_at = now()`,
        [clientId, body.DefaultRegions],
      );
      const after = await clientById(tx, clientId);
      await audit(tx, {
        clientId,
        actorUserId: viewer.userId,
        ip: clientOf(req, res).ip,
        action: 'organization.update',
        entityType: 'organization',
        entityId: clientId,
        ...changedFields(editable(before), editable(after)),
      });
      return after;
    });
    res.json(saved);
  });

  // Deactivating an organisation signs every one of its people out at once and keeps them out.
  router.post('/subscription_client_details/activation', requireSuperAdmin, async (req, res) => {
    const { ClientId, IsActive } = parseBody(clientActivationBody, req.body);
    const viewer = viewerOf(res);
    const answer = await db.transaction(async (tx) => {
      const before = await clientById(tx, Number(ClientId), true);
      if (before.IsProvider && !IsActive) throw new HttpError('BAD_REQUEST', PROVIDER_DEACTIVATION_MESSAGE, 'ClientId');
      if (before.IsActive === IsActive) return { client: before, sessionsEnded: 0 };
      await tx.query('UPDATE clients SET is_active = $2, updated_at = now() WHERE client_id = $1', [before.ClientId, IsActive]);
      const ended = IsActive
        ? []
        : await tx.query(
            `UPDATE sessions SET ended_at = now(), end_reason = 'organization_deactivated'
              WHERE client_id = $1 AND ended_at IS NULL AND expires_at > now() RETURNING session_id`,
            [before.ClientId],
          );
      await audit(tx, {
        clientId: before.ClientId,
        actorUserId: viewer.userId,
        ip: clientOf(req, res).ip,
        action: IsActive ? 'organization.activate' : 'organization.deactivate',
        entityType: 'organization',
        entityId: before.ClientId,
        before: { isActive: before.IsActive },
        after: { isActive: IsActive, sessionsEnded: ended.length },
      });
      return { client: await clientById(tx, before.ClientId), sessionsEnded: ended.length };
    });
    res.json({ ...answer.client, SessionsEnded: answer.sessionsEnded });
  });
  return router;
}

/** `json_build_object` of every client field, for embedding an organisation in another answer. */
export const clientJson = jsonObject(clientFields);
