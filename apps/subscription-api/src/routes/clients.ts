import { z } from 'zod';
import { ORGANIZATION_REST_FIELDS, organizationInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditIn, auditScope, changeAudited, type AuditedRecord } from '#domain/audited';
import { HttpError, parseBody } from '#http/errors';
import { recordById, recordIdOf, recordQuery, type ResourceDefinition } from '#http/resource';
import { clientFields } from '#domain/organizations';
import { checkClosedLists, type ClosedListFields } from '#domain/organizationChoices';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { clientRecord } from '#openapi/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const CLIENTS_PATH = '/subscription_client_details';

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
export const clientChangesBody = requestSchema(
  'OrganizationChanges',
  restSchema(organizationInput, ORGANIZATION_REST_FIELDS)
    .partial()
    .extend({ IsActive: z.boolean({ error: 'IsActive is true or false' }).optional() })
    .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to change'),
);

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

const clientById = (db: Queryable, clientId: number, lock = false) =>
  recordById<ClientRecord>(db, clients, 'c.client_id', clientId, lock ? 'c' : undefined);

/** What the audit log keeps of an organisation's details: the fields the provider may change. */
const details = (client: ClientRecord) =>
  Object.fromEntries([...Object.keys(COLUMNS), 'DefaultRegions'].map((name) => [name, client[name as keyof ClientRecord]]));

/** An organisation's record, as the provider's changes to its details are audited. */
const auditedClient: AuditedRecord<ClientRecord> = {
  entityType: 'organization',
  read: (tx, clientId, { lock }) => clientById(tx, clientId, lock),
  clientIdOf: (client) => client.ClientId,
  missing: ['There is no such organization', 'ClientId'],
  described: details,
};

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

const inUse = (description: string) => z.array(z.string()).meta({ description });
export const clientValuesInUse = answerSchema(
  'OrganizationValuesInUse',
  z.strictObject({
    CountryCodes: inUse('The country codes organisations have, in order'),
    CurrencyCodes: inUse('The currency codes organisations have, in order'),
    BusinessVerticals: inUse('The business verticals organisations have, by name'),
    ClientTypes: inUse('The client types organisations have, by name'),
  }),
);

/** Each distinct value of a column among the organisations, in order. */
const valuesOf = (db: Queryable, column: string) =>
  db
    .query<{ value: string }>(`SELECT DISTINCT ${column} AS value FROM clients WHERE ${column} IS NOT NULL ORDER BY 1`)
    .then((rows) => rows.map((row) => row.value));

export const clientRoutes = [
  listRoute({
    path: CLIENTS_PATH,
    access: 'admin',
    operationId: 'listClients',
    tag: 'Organizations',
    summary: 'Organizations: all for a SuperAdmin, only their own for an organization admin',
    resource: clients,
    rows: 'Organizations',
    record: clientRecord,
  }),

  route(
    {
      method: 'get',
      path: `${CLIENTS_PATH}/values_in_use`,
      access: 'superAdmin',
      operationId: 'listClientValuesInUse',
      tag: 'Organisations',
      summary:
        'Every country, currency, business vertical and client type some organisation has, for the organisation list’s filters (values kept from before the lists too). SuperAdmins only',
      responses: { 200: { description: 'The values in use', body: clientValuesInUse } },
    },
    async (_req, res, { db }) => {
      const [CountryCodes, CurrencyCodes, BusinessVerticals, ClientTypes] = await Promise.all(
        ['country_code', 'currency_code', 'business_vertical', 'client_type'].map((column) => valuesOf(db, column)),
      );
      res.json({ CountryCodes, CurrencyCodes, BusinessVerticals, ClientTypes });
    },
  ),

  // Only the provider changes an organisation's record: its admins see it but do not edit it.
  route(
    {
      method: 'patch',
      path: CLIENTS_PATH,
      access: 'superAdmin',
      operationId: 'updateClient',
      tag: 'Organizations',
      summary:
        'Change an organization’s details (the country by its CountryCode: its name follows) and default regions, or deactivate it (IsActive: false: every live session of its people ends in the same transaction, end_reason organization_deactivated) or activate it. SuperAdmins only; each change is audited',
      query: clientQuery,
      body: clientChangesBody,
      responses: {
        200: { description: 'The organization as changed', body: clientRecord },
        400: refused(
          'BAD_REQUEST naming the field (DefaultRegions: a region not in the regions master; CountryCode, CurrencyCode: not in ISO 3166-1 or ISO 4217, Country sent without CountryCode; BusinessVertical, ClientType: not in the provider’s lists, or retired there and not the organization’s already), or no field to change',
        ),
        404: refused('NOT_FOUND (field ClientId): no such organization'),
        409: refused('CONFLICT (field IsActive): the provider’s own organization cannot be deactivated'),
      },
    },
    async (req, res, { db }) => {
      const clientId = recordIdOf(clientQuery, 'ClientId', req);
      const { IsActive, DefaultRegions, ...fields } = parseBody(clientChangesBody, req.body);
      const saved = await db.transaction(async (tx) => {
        const { before, scope } = await changeAudited(tx, auditScope(req, res, clientId), auditedClient, clientId, {
          action: 'organization.update',
          write: async (before) => {
            Object.assign(fields, await checkClosedLists(tx, fields, before as ClosedListFields));
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
          },
        });

        if (IsActive !== undefined && IsActive !== before.IsActive) {
          if (!IsActive && before.IsProvider) {
            throw new HttpError('CONFLICT', 'The provider’s own organization cannot be deactivated', 'IsActive');
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
          await auditIn(tx, scope, {
            action: IsActive ? 'organization.activate' : 'organization.deactivate',
            entityType: 'organization',
            entityId: clientId,
            before: { IsActive: before.IsActive },
            after: IsActive ? { IsActive } : { IsActive, SessionsEnded: ended.length },
          });
        }
        return (await clientById(tx, clientId))!;
      });
      res.json(saved);
    },
  ),
];
