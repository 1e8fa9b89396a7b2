import { z } from 'zod';
import {
  LICENCE_REST_FIELDS,
  addLicenceInput,
  changeLicencePlanInput,
  extendLicenceInput,
  restSchema,
  setLicenceActiveInput,
} from '@yozy/shared';
import type { Queryable } from '#db/database';
import type { AuditAction } from '@yozy/shared/auditLog';
import { auditScope, changeAudited, createAudited, type AuditedRecord } from '#domain/audited';
import { seatsOf } from '#domain/seats';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { listResource, recordById, type ResourceDefinition, recordOf } from '#http/resource';
import { route, type Handler } from '#http/route';
import { refused, listParameters, listAnswer, BAD_LIST_QUERY } from '#http/answers';
import { emit, idOf } from '#webhooks/events';
import { answerSchema, requestSchema } from '#openapi/components';

/** An organisation's licences with their product and plan (the provider's `fun_orgsubscriptiondetails`). */
export const licenceFields = {
  LicenceId: { sql: 'l.licence_id', type: 'int' },
  ClientId: { sql: 'l.client_id', type: 'int' },
  ProductId: { sql: 'l.product_id', type: 'int' },
  ProductName: { sql: 'pr.product_name', type: 'text', searchable: true },
  PlanId: { sql: 'l.plan_id', type: 'int' },
  PlanName: { sql: 'pl.plan_name', type: 'text', searchable: true },
  PlanGroup: { sql: 'pl.plan_group', type: 'text' },
  Cost: { sql: 'pl.cost', type: 'number' },
  Currency: { sql: 'pl.currency', type: 'text' },
  Frequency: { sql: 'pl.frequency', type: 'text' },
  Capacity: { sql: 'pl.capacity', type: 'int' },
  ValidTill: { sql: 'l.valid_till', type: 'date', sort: { index: 'licences_valid_till_sort_idx' } },
  IsActive: { sql: 'l.is_active', type: 'bool' },
  // When the organisation's admin asked the provider to renew it, while that request is undecided.
  RenewalRequestedAt: {
    sql: '(SELECT max(e.created_at) FROM enquiries e WHERE e.licence_id = l.licence_id AND e.is_approved IS NULL)',
    type: 'timestamp',
  },
} satisfies ResourceDefinition['fields'];

export const licences: ResourceDefinition = {
  from: 'licences l JOIN products pr ON pr.product_id = l.product_id JOIN plans pl ON pl.plan_id = l.plan_id',
  fields: licenceFields,
  tenantField: 'ClientId',
  tieBreaker: 'l.licence_id',
};

export const LICENCE_PATH = '/subscription_client_license';
export const LICENCE_EXTEND_PATH = `${LICENCE_PATH}/extend`;
export const LICENCE_PLAN_PATH = `${LICENCE_PATH}/change_plan`;
export const LICENCE_ACTIVE_PATH = `${LICENCE_PATH}/set_active`;

/** The bodies of the licence actions, in the REST names, with the rules the console's forms check. */
export const addLicenceBody = requestSchema('AddLicence', restSchema(addLicenceInput, LICENCE_REST_FIELDS));
export const extendLicenceBody = requestSchema('ExtendLicence', restSchema(extendLicenceInput, LICENCE_REST_FIELDS));
export const changeLicencePlanBody = requestSchema('ChangeLicencePlan', restSchema(changeLicencePlanInput, LICENCE_REST_FIELDS));
export const setLicenceActiveBody = requestSchema('SetLicenceActive', restSchema(setLicenceActiveInput, LICENCE_REST_FIELDS));

type LicenceRow = z.output<typeof addLicenceBody> & {
  LicenceId: number;
  ProductName: string;
  PlanName: string;
  Frequency: string;
  Capacity: number;
  IsActive: boolean;
  SeatsUsed: number;
  SeatsCapacity: number;
};

/** One licence as the list answers it, seats included; `lock` keeps its row locked until the transaction ends. */
async function licenceById(tx: Queryable, licenceId: number, lock = false): Promise<LicenceRow | null> {
  const found = await recordById<LicenceRow>(tx, licences, 'l.licence_id', licenceId, lock ? 'l' : undefined);
  if (!found) return null;
  const { used, capacity } = await seatsOf(tx, found.ClientId, found.ProductId);
  return { ...found, SeatsUsed: used, SeatsCapacity: capacity };
}

/** What the audit log keeps of a licence. */
const terms = (licence: LicenceRow) => ({
  ProductId: licence.ProductId,
  PlanId: licence.PlanId,
  PlanName: licence.PlanName,
  Capacity: licence.Capacity,
  ValidTill: licence.ValidTill,
  IsActive: licence.IsActive,
});

/** A licence, as its changes are audited (terms): SuperAdmins change any organisation's. */
const auditedLicence: AuditedRecord<LicenceRow> = {
  entityType: 'licence',
  read: (tx, id, { lock }) => licenceById(tx, id, lock),
  clientIdOf: (licence) => licence.ClientId,
  missing: ['There is no such licence', 'LicenceId'],
  described: (licence) => terms(licence),
};

type ActivePlan = { plan_id: number; product_id: number; plan_name: string; capacity: number; frequency: string };

/** An active plan of an active product, or a refusal naming the plan field. */
async function activePlan(tx: Queryable, planId: number, productId: number): Promise<ActivePlan> {
  const [plan] = await tx.query<ActivePlan>(
    `SELECT pl.plan_id, pl.product_id, pl.plan_name, pl.capacity, pl.frequency
       FROM plans pl JOIN products pr ON pr.product_id = pl.product_id
      WHERE pl.plan_id = $1 AND pl.product_id = $2 AND pl.is_active AND pr.is_active`,
    [planId, productId],
  );
  if (!plan) throw new HttpError('BAD_REQUEST', 'Choose one of the product’s plans on sale', 'PlanId');
  return plan;
}

/** The organisation's other live (active, unexpired) licence of the product, if it has one. */
async function liveLicenceOf(tx: Queryable, clientId: number, productId: number, exceptLicenceId: number | null) {
  const [row] = await tx.query<{ licence_id: number; valid_till: string }>(
    `SELECT licence_id, to_char(valid_till, 'YYYY-MM-DD') AS valid_till FROM licences
      WHERE client_id = $1 AND product_id = $2 AND is_active AND valid_till >= current_date
        AND licence_id IS DISTINCT FROM $3
      FOR UPDATE`,
    [clientId, productId, exceptLicenceId],
  );
  return row ?? null;
}

async function today(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ today: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS today`);
  return row!.today;
}

export const licenceRecord = answerSchema(
  'Licence',
  recordOf(licenceFields, ['RenewalRequestedAt']).extend({
    SeatsUsed: z.int().meta({ description: "Active users of the organization with a role for the licence's product" }),
    SeatsCapacity: z.int().meta({ description: "Seats the organization's active, unexpired licences of the product give together" }),
  }),
);

/** Writes one change of a licence and its audit entry in one transaction, then answers the licence as changed. */
const change =
  (
    action: (tx: Queryable, licence: LicenceRow, body: Record<string, unknown>) => Promise<AuditAction | null>,
    schema: z.ZodType,
  ): Handler =>
  async (req, res, { db }) => {
    const body = parseBody(schema, req.body) as Record<string, unknown> & { LicenceId: number };
    const saved = await db.transaction(async (tx) => {
      let name: AuditAction | null = null;
      const { after } = await changeAudited(tx, auditScope(req, res), auditedLicence, body.LicenceId, {
        action: () => name,
        write: async (before) => {
          name = await action(tx, before, body);
        },
      });
      return after;
    });
    res.json(saved);
  };

export const licenceRoutes = [
  route(
    {
      method: 'post',
      path: LICENCE_PATH,
      access: 'superAdmin',
      operationId: 'addLicence',
      idempotent: true,
      tag: 'Licences',
      summary: 'Give an organization a licence for an active plan of a product until a day (SuperAdmins)',
      body: addLicenceBody,
      responses: {
        201: { description: 'The new licence with the seats of its product', body: licenceRecord },
        400: refused(
          'BAD_REQUEST naming the field: a product not on sale (ProductId), a plan not on sale or of another product (PlanId), a past or malformed day (ValidTill)',
        ),
        404: refused('NOT_FOUND: no such organization (field ClientId)'),
        409: refused('CONFLICT (field ProductId): the organization already has a live licence of the product'),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(addLicenceBody, req.body);
      const created = await db.transaction(async (tx) => {
        const id = await createAudited(tx, auditScope(req, res, body.ClientId), auditedLicence, 'licence.create', async () => {
          const [client] = await tx.query<{ company_name: string }>('SELECT company_name FROM clients WHERE client_id = $1', [
            body.ClientId,
          ]);
          if (!client) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
          const [product] = await tx.query<{ product_name: string }>(
            'SELECT product_name FROM products WHERE product_id = $1 AND is_active',
            [body.ProductId],
          );
          if (!product) throw new HttpError('BAD_REQUEST', 'Choose a product on sale', 'ProductId');
          await activePlan(tx, body.PlanId, body.ProductId);
          if (body.ValidTill < (await today(tx))) throw new HttpError('BAD_REQUEST', 'Choose today or a later day', 'ValidTill');
          const live = await liveLicenceOf(tx, body.ClientId, body.ProductId, null);
          if (live) {
            throw new HttpError(
              'CONFLICT',
              `${client.company_name} already has a live ${product.product_name} licence (valid till ${live.valid_till}): extend it or change its plan instead`,
              'ProductId',
            );
          }
          const [row] = await tx.query<{ licence_id: number }>(
            'INSERT INTO licences (client_id, product_id, plan_id, valid_till) VALUES ($1, $2, $3, $4) RETURNING licence_id',
            [body.ClientId, body.ProductId, body.PlanId, body.ValidTill],
          );
          return row!.licence_id;
        });
        const saved = (await licenceById(tx, id))!;
        await emit(tx, {
          clientId: saved.ClientId,
          type: 'licence.added',
          data: {
            organizationId: idOf(saved.ClientId),
            licenceId: idOf(saved.LicenceId),
            productId: idOf(saved.ProductId),
            planId: idOf(saved.PlanId),
            validTill: saved.ValidTill,
          },
        });
        return saved;
      });
      res.status(201).json(created);
    },
  ),

  route(
    {
      method: 'post',
      path: LICENCE_EXTEND_PATH,
      access: 'superAdmin',
      operationId: 'extendLicence',
      tag: 'Licences',
      summary: 'Move a licence’s last day later (SuperAdmins)',
      body: extendLicenceBody,
      responses: {
        200: { description: 'The licence as changed', body: licenceRecord },
        400: refused('BAD_REQUEST (field ValidTill): malformed, or not after the current last day'),
        404: refused('NOT_FOUND: no such licence (field LicenceId)'),
        409: refused('CONFLICT (field LicenceId): a lapsed licence would be live again beside another live licence of the product'),
      },
    },
    change(async (tx, licence, body) => {
      const validTill = String(body.ValidTill);
      if (validTill <= licence.ValidTill) {
        throw new HttpError('BAD_REQUEST', `Choose a day after the current last day, ${licence.ValidTill}`, 'ValidTill');
      }
      // A lapsed licence brought back to life must not stand beside another live licence of the product.
      const now = await today(tx);
      if (licence.IsActive && licence.ValidTill < now && validTill >= now) {
        const live = await liveLicenceOf(tx, licence.ClientId, licence.ProductId, licence.LicenceId);
        if (live) {
          throw new HttpError(
            'CONFLICT',
            `The organization already has a live ${licence.ProductName} licence (valid till ${live.valid_till}): extend that one instead`,
            'LicenceId',
          );
        }
      }
      await tx.query('UPDATE licences SET valid_till = $2 WHERE licence_id = $1', [licence.LicenceId, validTill]);
      await emit(tx, {
        clientId: licence.ClientId,
        type: 'licence.extended',
        data: {
          organizationId: idOf(licence.ClientId),
          licenceId: idOf(licence.LicenceId),
          productId: idOf(licence.ProductId),
          validTill,
          previousValidTill: licence.ValidTill,
        },
      });
      return 'licence.extend';
    }, extendLicenceBody),
  ),

  route(
    {
      method: 'post',
      path: LICENCE_PLAN_PATH,
      access: 'superAdmin',
      operationId: 'changeLicencePlan',
      tag: 'Licences',
      summary: 'Move a licence to another active plan of its product (SuperAdmins)',
      body: changeLicencePlanBody,
      responses: {
        200: { description: 'The licence as changed', body: licenceRecord },
        400: refused('BAD_REQUEST (field PlanId): not an active plan of the licence’s product, or its current plan'),
        404: refused('NOT_FOUND: no such licence (field LicenceId)'),
        409: refused('SEAT_LIMIT (field PlanId): the new plan holds fewer seats than the organization uses; nothing is written'),
      },
    },
    change(async (tx, licence, body) => {
      const plan = await activePlan(tx, Number(body.PlanId), licence.ProductId);
      if (plan.plan_id === licence.PlanId) throw new HttpError('BAD_REQUEST', `The licence is on ${plan.plan_name} already`, 'PlanId');
      // The product's licences stay locked (as every seat-taking write locks them) while the seats are counted.
      const seats = await seatsOf(tx, licence.ClientId, licence.ProductId, { lock: true });
      if (plan.capacity < seats.used) {
        throw new HttpError(
          'SEAT_LIMIT',
          `${seats.companyName} uses ${seats.used} ${seats.used === 1 ? 'seat' : 'seats'}; ${plan.plan_name} holds ${plan.capacity}`,
          'PlanId',
        );
      }
      await tx.query('UPDATE licences SET plan_id = $2 WHERE licence_id = $1', [licence.LicenceId, plan.plan_id]);
      return 'licence.change_plan';
    }, changeLicencePlanBody),
  ),

  route(
    {
      method: 'post',
      path: LICENCE_ACTIVE_PATH,
      access: 'superAdmin',
      operationId: 'setLicenceActive',
      tag: 'Licences',
      summary: 'Deactivate a licence (its seats are lost) or reactivate it (SuperAdmins)',
      body: setLicenceActiveBody,
      responses: {
        200: { description: 'The licence as changed', body: licenceRecord },
        400: refused('BAD_REQUEST naming the field'),
        404: refused('NOT_FOUND: no such licence (field LicenceId)'),
        409: refused('CONFLICT (field LicenceId): reactivating while another licence of the product is live'),
      },
    },
    change(async (tx, licence, body) => {
      const isActive = Boolean(body.IsActive);
      if (isActive === licence.IsActive) return null;
      if (isActive) {
        const live = await liveLicenceOf(tx, licence.ClientId, licence.ProductId, licence.LicenceId);
        if (live) {
          throw new HttpError(
            'CONFLICT',
            `The organization already has a live ${licence.ProductName} licence (valid till ${live.valid_till}): deactivate it first`,
            'LicenceId',
          );
        }
      }
      await tx.query('UPDATE licences SET is_active = $2 WHERE licence_id = $1', [licence.LicenceId, isActive]);
      return isActive ? 'licence.reactivate' : 'licence.deactivate';
    }, setLicenceActiveBody),
  ),

  /**
   * Each licence with the seats of its product in its organisation: every active, unexpired
   * licence of the product gives its plan's capacity, and each active user with a role for the
   * product takes one (the same count that refuses a seat too many).
   */
  route(
    {
      method: 'get',
      path: '/subscription_client_license_details',
      access: 'admin',
      operationId: 'listLicences',
      tag: 'Licences',
      summary:
        "Licences with product, plan and the seats of their product: an organization admin's own organization's, any for a SuperAdmin",
      parameters: listParameters(licenceFields),
      responses: {
        200: listAnswer('Licences', licenceRecord),
        400: BAD_LIST_QUERY,
      },
    },
    async (req, res, { db }) => {
      const rows = await listResource(db, licences, req, res, viewerOf(res));
      const seats = new Map<string, Promise<{ used: number; capacity: number }>>();
      const answer = await Promise.all(
        rows.map(async (row) => {
          const key = `${String(row.ClientId)}:${String(row.ProductId)}`;
          if (!seats.has(key)) seats.set(key, seatsOf(db, Number(row.ClientId), Number(row.ProductId)));
          const { used, capacity } = await seats.get(key)!;
          return { ...row, SeatsUsed: used, SeatsCapacity: capacity };
        }),
      );
      res.json(answer);
    },
  ),
];
